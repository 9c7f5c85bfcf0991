import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { seedFromBootstrap } from './app/current-user';
import { Providers, queryClient } from './app/Providers';
import { preloadRoute } from './app/route-preload';
import { AppRoutes } from './app/router';
import { ErrorBoundary } from './shell/ErrorBoundary';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
seedFromBootstrap(queryClient);
// this address's page and everything it imports start loading now, beside the first render
preloadRoute(window.location.pathname);
createRoot(root).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <ErrorBoundary resetKey="app">
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/Providers';
import { AppRoutes } from './app/router';
import { ErrorBoundary } from './shell/ErrorBoundary';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
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

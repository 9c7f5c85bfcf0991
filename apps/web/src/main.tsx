import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { seedFromBootstrap } from './app/current-user';
import { Providers, queryClient } from './app/Providers';
import { preloadData } from './app/data-preload';
import { armFirstPaintGate, firstCommitDone } from './app/first-paint';
import { preloadRoute } from './app/route-preload';
import { AppRoutes } from './app/router';
import { ErrorBoundary } from './shell/ErrorBoundary';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
seedFromBootstrap(queryClient);
// the page's calls start once its first frame is painted (first-paint.ts), all but the early one below
armFirstPaintGate();
// this address's page and everything it imports start loading now (the HTML preloads its files)
const firstPage = preloadRoute(window.location.pathname);
// and its first call, when its address names one (the editor's job)
preloadData(window.location.pathname);

/**
 * The first render waits for the page's code (at most FIRST_PAGE_WAIT_MS): drawn with the header in
 * one pass, the page appears as soon as the header does, where a page that suspended would be held
 * back by React's 300 ms throttle of Suspense fallbacks.
 */
const FIRST_PAGE_WAIT_MS = 3000;

/** Opens the first-paint gate from the first commit's effects. */
function FirstCommit() {
  useEffect(firstCommitDone, []);
  return null;
}

function render() {
  // A transition: React renders the first page in slices of a few milliseconds and lets the browser
  // in between, instead of one long task that blocks input until the whole tree is built.
  const app = createRoot(root as HTMLElement);
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers>
          <FirstCommit />
          <BrowserRouter>
            <ErrorBoundary resetKey="app">
              <AppRoutes />
            </ErrorBoundary>
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
}

void Promise.race([firstPage, new Promise((wait) => setTimeout(wait, FIRST_PAGE_WAIT_MS))]).then(render);

import type { TooltipProps } from '@mui/material/Tooltip';
import { Suspense, useEffect, useState } from 'react';
import { lazy } from './lazy';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * Resolves once the browser is idle after the page has loaded (at most 2 s after that): what no one
 * needs for the first paint is fetched then, not beside the page's own code and calls, where each
 * extra request delays the page's largest paint on a slow phone network.
 */
let idle: Promise<void> | undefined;
function whenIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    const afterLoad = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return idle;
}

/**
 * MUI's Tooltip for a page that can show its first paint without it: Tooltip brings Popper (about
 * 9 kB gzipped together), which loads once the page is idle. Until then the child shows bare, so it
 * must carry its own accessible name (an icon button's aria-label).
 */
export function LazyTooltip(props: TooltipProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void whenIdle().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return props.children;
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}

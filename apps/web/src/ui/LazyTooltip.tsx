import type { TooltipProps } from '@mui/material/Tooltip';
import { Suspense } from 'react';
import { lazy } from './lazy';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip for a page that can show its first paint without it: Tooltip brings Popper (about
 * 9 kB gzipped together), which then loads just after the page instead of with it. Until then the
 * child shows bare, so it must carry its own accessible name (an icon button's aria-label).
 */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}

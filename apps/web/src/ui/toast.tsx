import type { OptionsObject } from 'notistack';
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazy } from './lazy';

// Toasts (notistack, top-right). notistack loads with the first toast, not with the first page:
// the sign-in page's first load has a JavaScript budget (ADR 0019).

let requested = false;
let resolveMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});
const listeners = new Set<() => void>();

// notistack's own colours put white text on green, orange and light blue below WCAG AA (3:1 and
// less): the toasts use the theme's darker shades (4.5:1 or more), set once with its CSS classes.
const TOAST_COLOURS = `
.notistack-MuiContent.notistack-MuiContent-success { background-color: #2e7d32; }
.notistack-MuiContent.notistack-MuiContent-warning { background-color: #a04400; }
.notistack-MuiContent.notistack-MuiContent-info { background-color: #01579b; }
.notistack-MuiContent.notistack-MuiContent-error { background-color: #c62828; }
`;

const SnackbarProvider = lazy(() => import('notistack').then((m) => ({ default: m.SnackbarProvider })));

/** The provider; its effect runs once the lazily loaded provider inside it has mounted too. */
function NotistackProvider() {
  useEffect(() => resolveMounted(), []);
  return (
    <>
      <style>{TOAST_COLOURS}</style>
      <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} maxSnack={4} />
    </>
  );
}

/** Renders the toast container once the first toast is asked for. Mount it once, near the root. */
export function Toaster() {
  const needed = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotistackProvider />
    </Suspense>
  );
}

/** Shows a toast; `autoHideDuration` in ms (admin toasts: LIMITS.adminToastMs). */
export function toast(message: string, options?: OptionsObject): void {
  if (!requested) {
    requested = true;
    for (const l of listeners) l();
  }
  void Promise.all([import('notistack'), mounted]).then(([m]) => m.enqueueSnackbar(message, options));
}

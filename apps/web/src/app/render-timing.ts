import { options } from 'preact';

/**
 * The app renders with preact/compat (apps/web/vite.config.ts; docs/decisions.md, "React API on
 * Preact"). Preact re-renders in a microtask after a state change, and the browser runs
 * microtasks between the listeners of one event. A controlled radio or checkbox clicked through its
 * label (MUI Rating's stars) gets focus inside the click; the focus handler's state change
 * re-rendered the input with its old `checked` before the browser decided whether to fire `change`,
 * so the click was lost. React runs such updates after the event. Here too: an update made while an
 * event is being dispatched renders once the dispatch is over (a task later); any other update
 * renders in a microtask, as before.
 */
export function renderAfterEvents(): void {
  options.debounceRendering = (render) => {
    if (typeof window !== 'undefined' && window.event) setTimeout(render, 0);
    else queueMicrotask(render);
  };
}

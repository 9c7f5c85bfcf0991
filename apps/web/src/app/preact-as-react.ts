import { options } from 'preact';

/**
 * The app renders with preact/compat (apps/web/vite.config.ts; ADR 0057). React does two things
 * for events and form controls that Preact does not; they are done
 * here for the whole app at start (main.tsx), and exercised by the browser tests (the rating
 * dialog's stars, the admin tools' digits-only project id, the quote's digits-only amounts).
 *
 * 1. Updates made in an event render after the event. Preact re-renders in a microtask, and the
 *    browser runs microtasks between the listeners of one event: a controlled radio clicked through
 *    its label (MUI Rating's stars) gets focus inside the click, and the focus handler's state change
 *    re-rendered the radio with its old `checked` before the browser decided whether to fire
 *    `change`, so the click was lost. Here an update made while an event is dispatched waits, and
 *    renders when the event has reached the window (the last stop of its path: a click, a key, a
 *    submit, and a field's input or change), or a task later for any other event; updates made
 *    outside events render in a microtask as before.
 * 2. A controlled field shows its `value` (or `checked`) and nothing else. React puts the DOM back
 *    after each input or change event, so a handler that refuses a keystroke (digits only) by keeping
 *    the state as it was also keeps the field as it was; Preact writes the value only when it
 *    re-renders, and an unchanged state does not re-render. Here each rendered input, textarea and
 *    select remembers its controlled value (`__e` is the element a vnode rendered to: Preact's
 *    stable mangled name for `_dom`), and once the event's updates have rendered (after `change` for
 *    a select, a checkbox or a radio, after `input` for text: where React reads `onChange`), a field
 *    whose DOM differs from its value gets the value back. Both happen before the next keystroke is handled,
 *    as in React.
 */
export function actLikeReact(): void {
  let pendingRender: (() => void) | null = null;
  const typedInto = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
  const rendered = new WeakMap<Element, Controlled>();

  const settle = () => {
    const render = pendingRender;
    pendingRender = null;
    render?.();
    for (const field of typedInto) restore(field, rendered.get(field));
    typedInto.clear();
  };
  options.debounceRendering = (render) => {
    if (!window.event) return queueMicrotask(render);
    pendingRender = render;
    setTimeout(settle, 0);
  };

  const previousDiffed = options.diffed;
  options.diffed = (vnode) => {
    const v = vnode as unknown as RenderedVNode;
    if ((v.type === 'input' || v.type === 'textarea' || v.type === 'select') && v.__e) {
      const controlled: Controlled = {};
      // a multiple select's array is left to Preact
      if (v.props.value !== undefined && !Array.isArray(v.props.value)) controlled.value = v.props.value;
      if (v.props.checked !== undefined) controlled.checked = v.props.checked;
      if ('value' in controlled || 'checked' in controlled) rendered.set(v.__e, controlled);
      else rendered.delete(v.__e);
    }
    previousDiffed?.(vnode);
  };

  for (const type of ['input', 'change']) {
    document.addEventListener(
      type,
      (event) => {
        const field = event.target;
        if (changesOn(field) === type)
          typedInto.add(field as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement);
      },
      true,
    );
    // not at a checkbox's `input`: its `change` (where onChange is read) comes after, and rendering
    // in between would put back the old `checked` first
    window.addEventListener(type, (event) => {
      if (changesOn(event.target) === type) settle();
    });
  }
  // A click or a key a person made renders its updates before the next thing they do, as React's
  // do: the editor a click on Edit opens is there before the next keystroke (a browser test filled
  // the form the click was replacing). Not at a checkbox's or a radio's click: its `change` comes
  // after, and where onChange is read. Events a script dispatches (el.click()) wait for the task.
  for (const type of ['click', 'keydown', 'keyup', 'submit']) {
    window.addEventListener(type, (event) => {
      if (!event.isTrusted) return;
      if (type === 'click' && changesOn(event.target) === 'change') return;
      settle();
    });
  }
}

/**
 * The event after which React reads a field's `onChange`, and puts it back: `change` for a select,
 * a checkbox or a radio (preact/compat listens to `change` there too), `input` for text. A file
 * input has no value to put back.
 */
function changesOn(field: EventTarget | null): 'input' | 'change' | null {
  if (field instanceof HTMLSelectElement) return 'change';
  if (field instanceof HTMLTextAreaElement) return 'input';
  if (!(field instanceof HTMLInputElement) || field.type === 'file') return null;
  return field.type === 'checkbox' || field.type === 'radio' ? 'change' : 'input';
}

interface Controlled {
  value?: unknown;
  checked?: unknown;
}
type RenderedVNode = { type: unknown; props: Record<string, unknown>; __e?: Element | null };

function restore(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, controlled?: Controlled): void {
  if (!controlled || !field.isConnected) return;
  if ('value' in controlled && controlled.value !== null && field.value !== String(controlled.value))
    field.value = String(controlled.value);
  if ('checked' in controlled && field instanceof HTMLInputElement && field.checked !== !!controlled.checked)
    field.checked = !!controlled.checked;
}

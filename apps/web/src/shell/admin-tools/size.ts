// The floating admin button's size and place, apart from position.ts so that the shell can keep
// room for it without loading the dragging code.

export const BUTTON_SIZE = 56;
export const MARGIN = 24;
/** The strip at the foot of the page kept free, so that the button in its default place covers no footer link. */
export const RESERVED_FOOT = BUTTON_SIZE + 2 * MARGIN;

/**
 * An element with this attribute (a chat's composer, a form's last buttons) is kept clear: while the
 * button is in its default place, it rises above such an element instead of covering it.
 */
export const KEEP_CLEAR_ATTRIBUTE = 'data-keep-clear-of-admin-tools';

// The floating admin button's size and place, apart from position.ts so that the shell can keep
// room for it without loading the dragging code.

export const BUTTON_SIZE = 56;
export const MARGIN = 24;
/** The strip at the foot of the page kept free, so that the button in its default place covers no footer link. */
export const RESERVED_FOOT = BUTTON_SIZE + 2 * MARGIN;

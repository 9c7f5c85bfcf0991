/**
 * onMouseDown for submit buttons and links below fields: keeps the focus in the field, so that its
 * blur validation cannot show an error (moving the button down) between mouse down and up, which
 * would swallow the click. Keyboard users are unaffected.
 */
export const keepFieldFocus = (event: { preventDefault: () => void }) => event.preventDefault();

// Set between the moment the user is gone and the arrival on /auth, so that the route guard does
// not send the visitor to /auth?return=... for the page they just left. Its own module: the
// layout reads it on every page, the logout hook (with its mutation) loads with the user's menus.
let signingOut = false;

export function isSigningOut(): boolean {
  return signingOut;
}

export function setSigningOut(value: boolean): void {
  signingOut = value;
}

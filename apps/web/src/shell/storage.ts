// localStorage that never throws (private mode, disabled storage, quota): the shell's flags are
// conveniences and must not break a page.

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // a lost preference is harmless
  }
}

export function removeStored(...keys: string[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}

import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts a lazily loaded part (a dialog) from the first time it is wanted and keeps it mounted
 * after, so that it closes with its transition and opens at once the next time. Nothing shows
 * while its code loads (dialogs are not part of a page's first load).
 */
export function OnDemand({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  if (!wanted && !when) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

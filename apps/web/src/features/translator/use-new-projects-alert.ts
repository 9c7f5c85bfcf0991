import { LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { useEffect, useRef } from 'react';
import { toast } from '../../ui/toast';
import type { TranslatorList } from './api';
import { newProjectIds, type PageSnapshot } from './new-project-ids';
import { playNewProjectsSound } from './sound';

// Spec 1 §4: when new project ids appear after a refresh of the available projects, and the page
// is visible, a sound plays (if on) and an info toast says so for 5 seconds.

export function useNewProjectsAlert(list: TranslatorList | undefined, key: string, perPage: number, fresh: boolean) {
  const previous = useRef<PageSnapshot | null>(null);
  useEffect(() => {
    // placeholder data (the previous page while the next loads) is not a refresh
    if (!list || !fresh) return;
    const ids = list.data.map((r) => r.id);
    const prev = previous.current;
    previous.current = { key, ids: new Set(ids), full: ids.length >= perPage };
    if (!prev || prev.key !== key) return;
    if (newProjectIds(prev, ids).length === 0) return;
    if (document.visibilityState !== 'visible') return;
    playNewProjectsSound();
    toast(PROJECT_TEXTS.listUpdated, { variant: 'info', autoHideDuration: LIMITS.projectUpdateToastMs });
  }, [list, key, perPage, fresh]);

  /** after the user's own change (taking a job), the next answer is the new baseline */
  return () => {
    previous.current = null;
  };
}

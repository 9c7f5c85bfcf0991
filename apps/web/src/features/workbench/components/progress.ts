import type { WorkbenchProgress } from '@parlance/shared';
import { formatWords } from '../../../ui/format';

/** The progress bar's words: "120 of 480 words confirmed (25%)". */
export function progressWords(p: WorkbenchProgress): string {
  return `${formatWords(p.confirmedWords)} of ${formatWords(p.words)} words confirmed (${percentOf(p)}%)`;
}

export function percentOf(p: WorkbenchProgress): number {
  return p.words > 0
    ? Math.floor((p.confirmedWords / p.words) * 100)
    : p.segments > 0
      ? Math.floor((p.confirmedSegments / p.segments) * 100)
      : 0;
}

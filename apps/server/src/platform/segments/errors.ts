import { AppError } from '../errors';

export type SegmentErrorCode = 'unreadable' | 'bad-translation' | 'bad-xliff';

const STATUS: Record<SegmentErrorCode, number> = { unreadable: 422, 'bad-translation': 422, 'bad-xliff': 422 };

const LEAD: Record<SegmentErrorCode, string> = {
  unreadable: 'This file cannot be read for translation',
  'bad-translation': 'A translation cannot be put into the file',
  'bad-xliff': 'This XLIFF file cannot be taken back',
};

/**
 * A file that cannot be split into segments, a translation that does not fit its segment, or an
 * XLIFF file that does not belong to the job. The message says what to fix, in plain words; the
 * problems are listed one per entry so an editor can show them beside the segments concerned.
 */
export class SegmentError extends AppError {
  constructor(
    readonly code: SegmentErrorCode,
    readonly problems: string | string[],
  ) {
    const list = Array.isArray(problems) ? problems : [problems];
    const shown = list.slice(0, 5).join('; ') + (list.length > 5 ? ` (and ${list.length - 5} more)` : '');
    super(STATUS[code], `${LEAD[code]}: ${shown}.`);
    this.name = 'SegmentError';
  }

  get list(): string[] {
    return Array.isArray(this.problems) ? this.problems : [this.problems];
  }
}

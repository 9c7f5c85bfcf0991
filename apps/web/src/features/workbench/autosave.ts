import type {
  SavedSegmentStatus,
  SegmentConflict,
  SegmentSaved,
  TargetOrigin,
  WorkbenchSegment,
} from '@parlance/shared';

// Every keystroke survives: a segment's unsaved target is written to localStorage at once and sent
// to the server after a pause (or when the person leaves the segment), one save in flight per
// segment; the local copy goes only once the server holds that very text. A save over a newer
// revision is refused by the server (409): the segment then holds both versions until the person
// keeps theirs (saved again on the new revision) or takes the other one. Nothing is overwritten
// silently, either way. No React here: the page drives it, and tests drive it with fake timers.

/** What a save sends (PUT /api/2/workbench/segments/{id}), target in segment markup. */
export interface Draft {
  target: string;
  status: SavedSegmentStatus;
  /** the revision this text was typed over */
  revision: number;
  origin: TargetOrigin;
  matchPercent: number | null;
}

export type SaveResult =
  | { kind: 'saved'; answer: SegmentSaved }
  | { kind: 'conflict'; conflict: SegmentConflict }
  | { kind: 'error'; message: string; status: number | null };

export interface Conflict {
  mine: Draft;
  theirs: WorkbenchSegment;
}

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

export interface AutosaveEvents {
  /** the server holds a segment (and maybe filled repetitions) */
  saved(answer: SegmentSaved, sent: Draft): void;
  conflict(segmentId: number, conflict: Conflict): void;
  error(segmentId: number, message: string): void;
  /** what is unsaved, saving or in conflict changed */
  change(): void;
}

export interface AutosaveOptions {
  projectId: number;
  delayMs: number;
  send: (segmentId: number, draft: Draft) => Promise<SaveResult>;
  storage: DraftStorage | null;
  events: AutosaveEvents;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

const PREFIX = 'parlance.workbench';

export function draftKey(projectId: number, segmentId: number): string {
  return `${PREFIX}.${projectId}.${segmentId}`;
}

function sameText(a: Draft, b: Draft): boolean {
  return a.target === b.target && a.status === b.status;
}

export class Autosaver {
  private readonly drafts = new Map<number, Draft>();
  private readonly timers = new Map<number, unknown>();
  private readonly inFlight = new Map<number, Promise<SaveResult>>();
  private readonly conflicts = new Map<number, Conflict>();
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly opts: AutosaveOptions) {
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  /** The unsaved text of a segment (markup), if any. */
  draftOf(segmentId: number): Draft | undefined {
    return this.drafts.get(segmentId);
  }

  conflictOf(segmentId: number): Conflict | undefined {
    return this.conflicts.get(segmentId);
  }

  isSaving(segmentId: number): boolean {
    return this.inFlight.has(segmentId);
  }

  unsavedCount(): number {
    return this.drafts.size;
  }

  /** A keystroke: kept locally at once, saved after the pause (not while a conflict waits for the person). */
  edit(segmentId: number, draft: Draft): void {
    this.keep(segmentId, draft);
    const conflict = this.conflicts.get(segmentId);
    if (conflict) {
      conflict.mine = draft;
      this.opts.events.change();
      return;
    }
    this.schedule(segmentId);
    this.opts.events.change();
  }

  /** Leaving a segment, or confirming it: its unsaved text goes now. */
  async flush(segmentId: number): Promise<SaveResult | null> {
    this.cancelTimer(segmentId);
    const running = this.inFlight.get(segmentId);
    if (running) await running.catch(() => null);
    const draft = this.drafts.get(segmentId);
    if (!draft || this.conflicts.has(segmentId)) return null;
    return this.saveNow(segmentId, draft);
  }

  /** Saves every unsaved segment now. */
  async flushAll(): Promise<void> {
    await Promise.all([...this.drafts.keys()].map((id) => this.flush(id)));
  }

  /** The person keeps their text over the other version: saved again on that version's revision. */
  keepMine(segmentId: number): Promise<SaveResult | null> {
    const conflict = this.conflicts.get(segmentId);
    if (!conflict) return Promise.resolve(null);
    this.conflicts.delete(segmentId);
    const draft = { ...conflict.mine, revision: conflict.theirs.revision };
    this.keep(segmentId, draft);
    this.opts.events.change();
    return this.saveNow(segmentId, draft);
  }

  /** The person takes the other version: their own text is dropped. */
  takeTheirs(segmentId: number): WorkbenchSegment | null {
    const conflict = this.conflicts.get(segmentId);
    if (!conflict) return null;
    this.conflicts.delete(segmentId);
    this.drop(segmentId);
    this.opts.events.change();
    return conflict.theirs;
  }

  /**
   * Another tab (or a reload) shows that the server has a newer revision of a segment. Unsaved
   * text typed over an older one is now in conflict with it, unless it is the same text.
   * Answers whether the segment may simply take the server's version.
   */
  remoteSaved(segment: WorkbenchSegment): boolean {
    const draft = this.drafts.get(segment.id);
    if (!draft) return true;
    if (draft.revision >= segment.revision) return false;
    if (draft.target === segment.target) {
      this.drop(segment.id);
      this.opts.events.change();
      return true;
    }
    if (this.inFlight.has(segment.id)) return false;
    this.cancelTimer(segment.id);
    this.raiseConflict(segment.id, draft, segment);
    return false;
  }

  /**
   * After a reload: the drafts this browser kept for the job's segments. A draft typed over the
   * revision the server still has is saved again; one over an older revision whose text differs
   * is a conflict; one the server already has is dropped. Answers the drafts now in play.
   */
  restore(segments: readonly WorkbenchSegment[]): Map<number, Draft> {
    const storage = this.opts.storage;
    const restored = new Map<number, Draft>();
    if (!storage) return restored;
    const byId = new Map(segments.map((s) => [s.id, s]));
    const prefix = `${PREFIX}.${this.opts.projectId}.`;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) {
      const id = Number(key.slice(prefix.length));
      const segment = byId.get(id);
      const draft = parseDraft(storage.getItem(key));
      if (!segment || !draft) {
        storage.removeItem(key);
        continue;
      }
      if (draft.target === segment.target && draft.status === segment.status) {
        storage.removeItem(key);
        continue;
      }
      this.drafts.set(id, draft);
      restored.set(id, draft);
      if (draft.revision < segment.revision) this.raiseConflict(id, draft, segment, false);
      else this.schedule(id);
    }
    if (restored.size > 0) this.opts.events.change();
    return restored;
  }

  /** What is unsaved, for a last send as the page goes away (fetch keepalive). */
  pending(): [number, Draft][] {
    return [...this.drafts].filter(([id]) => !this.conflicts.has(id));
  }

  dispose(): void {
    for (const handle of this.timers.values()) this.clearTimer(handle);
    this.timers.clear();
  }

  private keep(segmentId: number, draft: Draft): void {
    this.drafts.set(segmentId, draft);
    try {
      this.opts.storage?.setItem(draftKey(this.opts.projectId, segmentId), JSON.stringify(draft));
    } catch {
      // a full or refused storage: the server save still runs; nothing else to do
    }
  }

  private drop(segmentId: number): void {
    this.cancelTimer(segmentId);
    this.drafts.delete(segmentId);
    this.opts.storage?.removeItem(draftKey(this.opts.projectId, segmentId));
  }

  private schedule(segmentId: number): void {
    this.cancelTimer(segmentId);
    this.timers.set(
      segmentId,
      this.setTimer(() => {
        this.timers.delete(segmentId);
        void this.flush(segmentId);
      }, this.opts.delayMs),
    );
  }

  private cancelTimer(segmentId: number): void {
    const handle = this.timers.get(segmentId);
    if (handle !== undefined) this.clearTimer(handle);
    this.timers.delete(segmentId);
  }

  private raiseConflict(segmentId: number, mine: Draft, theirs: WorkbenchSegment, notify = true): void {
    const conflict = { mine, theirs };
    this.conflicts.set(segmentId, conflict);
    this.opts.events.conflict(segmentId, conflict);
    if (notify) this.opts.events.change();
  }

  private async saveNow(segmentId: number, draft: Draft): Promise<SaveResult> {
    const promise = this.opts.send(segmentId, draft).catch(
      (err: unknown): SaveResult => ({
        kind: 'error',
        message: err instanceof Error ? err.message : 'The segment could not be saved',
        status: null,
      }),
    );
    this.inFlight.set(segmentId, promise);
    this.opts.events.change();
    const result = await promise;
    this.inFlight.delete(segmentId);
    const current = this.drafts.get(segmentId);
    if (result.kind === 'saved') {
      const saved = result.answer.segment;
      if (current && sameText(current, draft)) this.drop(segmentId);
      else if (current) {
        // typed on while the save was on its way: that text goes next, over the new revision
        this.keep(segmentId, { ...current, revision: saved.revision });
        this.schedule(segmentId);
      }
      this.opts.events.saved(result.answer, draft);
    } else if (result.kind === 'conflict') {
      this.cancelTimer(segmentId);
      this.raiseConflict(segmentId, current ?? draft, result.conflict.segment, false);
    } else {
      // kept locally: the next keystroke, leaving the segment or a reload sends it again
      this.opts.events.error(segmentId, result.message);
    }
    this.opts.events.change();
    return result;
  }
}

function parseDraft(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Draft>;
    if (typeof value.target !== 'string' || typeof value.revision !== 'number' || typeof value.status !== 'string')
      return null;
    return {
      target: value.target,
      status: value.status,
      revision: value.revision,
      origin: value.origin ?? 'manual',
      matchPercent: value.matchPercent ?? null,
    };
  } catch {
    return null;
  }
}

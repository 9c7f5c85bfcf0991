import type { SegmentSaved, WorkbenchSegment } from '@parlance/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, type Conflict, type Draft, draftKey, type DraftStorage, type SaveResult } from './autosave';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

function segment(
  id: number,
  target: string,
  revision: number,
  status: WorkbenchSegment['status'] = 'draft',
): WorkbenchSegment {
  return {
    id,
    documentId: 1,
    ordinal: id,
    source: `source ${id}`,
    tags: {},
    context: '',
    words: 2,
    target,
    status,
    origin: 'manual',
    matchPercent: null,
    revision,
    annotations: [],
  };
}

function draft(target: string, revision: number, status: Draft['status'] = 'draft'): Draft {
  return { target, status, revision, origin: 'manual', matchPercent: null };
}

function saved(s: WorkbenchSegment): SaveResult {
  const answer: SegmentSaved = {
    segment: s,
    warnings: [],
    filled: [],
    progress: { segments: 1, words: 2, confirmedSegments: 0, confirmedWords: 0, draftSegments: 1, reviewedSegments: 0 },
  };
  return { kind: 'saved', answer };
}

/** A server that holds each segment's revision and refuses a save over an older one, as the real one does. */
function fakeServer() {
  const revisions = new Map<number, WorkbenchSegment>();
  const sent: [number, Draft][] = [];
  const send = vi.fn(async (id: number, d: Draft): Promise<SaveResult> => {
    sent.push([id, d]);
    const now = revisions.get(id) ?? segment(id, '', 0, 'new');
    if (d.revision !== now.revision) return { kind: 'conflict', conflict: { message: 'conflict', segment: now } };
    const next = segment(id, d.target, now.revision + 1, d.status);
    revisions.set(id, next);
    return saved(next);
  });
  return { revisions, sent, send };
}

const PROJECT = 7;

describe('autosave', () => {
  let storage: ReturnType<typeof memoryStorage>;
  let server: ReturnType<typeof fakeServer>;
  let conflicts: [number, Conflict][];
  let errors: string[];
  let savedTargets: string[];
  let saver: Autosaver;

  beforeEach(() => {
    vi.useFakeTimers();
    storage = memoryStorage();
    server = fakeServer();
    conflicts = [];
    errors = [];
    savedTargets = [];
    saver = new Autosaver({
      projectId: PROJECT,
      delayMs: 600,
      storage,
      send: server.send,
      events: {
        saved: (a) => savedTargets.push(a.segment.target),
        conflict: (id, c) => conflicts.push([id, c]),
        error: (_id, m) => errors.push(m),
        change: () => {},
      },
    });
  });
  afterEach(() => {
    saver.dispose();
    vi.useRealTimers();
  });

  it('keeps every keystroke in storage at once and saves once after the pause', async () => {
    saver.edit(1, draft('B', 0));
    saver.edit(1, draft('Bo', 0));
    saver.edit(1, draft('Bon', 0));
    expect(JSON.parse(storage.getItem(draftKey(PROJECT, 1)) ?? '{}').target).toBe('Bon');
    await vi.advanceTimersByTimeAsync(599);
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent.map(([, d]) => d.target)).toEqual(['Bon']);
    expect(storage.getItem(draftKey(PROJECT, 1))).toBeNull();
    expect(saver.draftOf(1)).toBeUndefined();
    expect(savedTargets).toEqual(['Bon']);
  });

  it('saves at once when the person leaves the segment', async () => {
    saver.edit(1, draft('Bonjour', 0));
    await saver.flush(1);
    expect(server.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.sent).toHaveLength(1);
  });

  it('sends what was typed during a save next, over the new revision, and keeps it until then', async () => {
    saver.edit(1, draft('Bon', 0));
    const first = saver.flush(1);
    saver.edit(1, draft('Bonjour', 0));
    await first;
    expect(JSON.parse(storage.getItem(draftKey(PROJECT, 1)) ?? '{}')).toMatchObject({ target: 'Bonjour', revision: 1 });
    await vi.advanceTimersByTimeAsync(600);
    expect(server.sent.map(([, d]) => [d.target, d.revision])).toEqual([
      ['Bon', 0],
      ['Bonjour', 1],
    ]);
    expect(server.revisions.get(1)?.target).toBe('Bonjour');
    expect(conflicts).toEqual([]);
  });

  it('shows both versions on a 409 and saves nothing more until the person chooses', async () => {
    server.revisions.set(1, segment(1, 'Salut', 3));
    saver.edit(1, draft('Bonjour', 2));
    await vi.advanceTimersByTimeAsync(600);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0][1].theirs.target).toBe('Salut');
    expect(saver.conflictOf(1)?.mine.target).toBe('Bonjour');
    saver.edit(1, draft('Bonjour !', 2));
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.sent).toHaveLength(1);
    // the text is still in storage: a reload would not lose it
    expect(JSON.parse(storage.getItem(draftKey(PROJECT, 1)) ?? '{}').target).toBe('Bonjour !');
  });

  it('"Keep mine" saves my text on their revision', async () => {
    server.revisions.set(1, segment(1, 'Salut', 3));
    saver.edit(1, draft('Bonjour', 2));
    await vi.advanceTimersByTimeAsync(600);
    const result = await saver.keepMine(1);
    expect(result?.kind).toBe('saved');
    expect(server.sent.at(-1)?.[1]).toMatchObject({ target: 'Bonjour', revision: 3 });
    expect(server.revisions.get(1)).toMatchObject({ target: 'Bonjour', revision: 4 });
    expect(saver.conflictOf(1)).toBeUndefined();
    expect(storage.data.size).toBe(0);
  });

  it('"Use theirs" drops my text and saves nothing', async () => {
    server.revisions.set(1, segment(1, 'Salut', 3));
    saver.edit(1, draft('Bonjour', 2));
    await vi.advanceTimersByTimeAsync(600);
    expect(saver.takeTheirs(1)?.target).toBe('Salut');
    expect(saver.draftOf(1)).toBeUndefined();
    expect(storage.data.size).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.sent).toHaveLength(1);
  });

  it('keeps the text locally when a save fails, and sends it again on the next flush', async () => {
    server.send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    saver.edit(1, draft('Bonjour', 0));
    await vi.advanceTimersByTimeAsync(600);
    expect(errors).toEqual(['Failed to fetch']);
    expect(saver.draftOf(1)?.target).toBe('Bonjour');
    await saver.flush(1);
    expect(server.revisions.get(1)?.target).toBe('Bonjour');
    expect(saver.draftOf(1)).toBeUndefined();
  });

  describe('after a reload', () => {
    it('sends again a draft typed over the revision the server still has', async () => {
      storage.setItem(draftKey(PROJECT, 1), JSON.stringify(draft('Bonjour', 0)));
      storage.setItem(draftKey(99, 1), JSON.stringify(draft('another job', 0)));
      const restored = saver.restore([segment(1, '', 0, 'new')]);
      expect([...restored.keys()]).toEqual([1]);
      await vi.advanceTimersByTimeAsync(600);
      expect(server.revisions.get(1)?.target).toBe('Bonjour');
      expect(storage.getItem(draftKey(99, 1))).not.toBeNull();
    });

    it('drops a draft the server already has (the keepalive save arrived)', () => {
      storage.setItem(draftKey(PROJECT, 1), JSON.stringify(draft('Bonjour', 0)));
      expect(saver.restore([segment(1, 'Bonjour', 1)]).size).toBe(0);
      expect(storage.data.size).toBe(0);
    });

    it('shows a conflict for a draft over an older revision whose text differs', () => {
      storage.setItem(draftKey(PROJECT, 1), JSON.stringify(draft('Bonjour', 0)));
      saver.restore([segment(1, 'Salut', 2)]);
      expect(conflicts.map(([id, c]) => [id, c.mine.target, c.theirs.target])).toEqual([[1, 'Bonjour', 'Salut']]);
    });

    it('forgets drafts of segments that are not in the job, and unreadable ones', () => {
      storage.setItem(draftKey(PROJECT, 5), JSON.stringify(draft('x', 0)));
      storage.setItem(draftKey(PROJECT, 1), '{not json');
      expect(saver.restore([segment(1, '', 0, 'new')]).size).toBe(0);
      expect(storage.data.size).toBe(0);
    });
  });

  describe("another tab's save", () => {
    it('may replace a segment with no unsaved text here', () => {
      expect(saver.remoteSaved(segment(1, 'Salut', 1))).toBe(true);
    });

    it('raises a conflict with unsaved text typed here over the older revision', () => {
      saver.edit(1, draft('Bonjour', 0));
      expect(saver.remoteSaved(segment(1, 'Salut', 1))).toBe(false);
      expect(saver.conflictOf(1)?.theirs.target).toBe('Salut');
    });

    it('is no conflict when both tabs hold the same text', () => {
      saver.edit(1, draft('Salut', 0));
      expect(saver.remoteSaved(segment(1, 'Salut', 1))).toBe(true);
      expect(saver.draftOf(1)).toBeUndefined();
    });
  });

  it('lists what is unsaved for the last send as the page goes away, conflicts apart', async () => {
    server.revisions.set(2, segment(2, 'Salut', 3));
    saver.edit(1, draft('Bonjour', 0));
    saver.edit(2, draft('Hello', 0));
    await saver.flush(2);
    expect(saver.pending().map(([id]) => id)).toEqual([1]);
  });
});

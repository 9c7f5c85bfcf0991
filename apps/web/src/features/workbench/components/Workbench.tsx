import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type AnnotationCreate,
  CSRF_HEADER,
  type QaWarning,
  type SavedSegmentStatus,
  type SegmentAnnotation,
  type SegmentStatus,
  statusCountsOf,
  type TargetOrigin,
  WORKBENCH_LIMITS,
  WORKBENCH_TEXTS,
  type WorkbenchJob,
  type WorkbenchProgress,
  type WorkbenchSegment,
  type XliffImportResult,
} from '@parlance/shared';
import {
  type KeyboardEvent,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { loadCsrfToken, messageOf } from '../../../app/http';
import { lazy } from '../../../ui/lazy';
import { OnDemand } from '../../../ui/OnDemand';
import { toast } from '../../../ui/toast';
import {
  addAnnotation,
  deleteAnnotation,
  deliverJob,
  fetchSegmentsPage,
  importXliff,
  saveSegment,
  saveSegmentOnLeave,
  useSuggestions,
} from '../api';
import { Autosaver, type Draft } from '../autosave';
import { workbenchKeys } from '../keys';
import { markupToTokens, nextMissingTag, plainOf, replaceInTokens, tagProblems, tokensToMarkup } from '../tag-tokens';
import { EditorHeader, type Search } from './EditorHeader';
import { type RowController, type SaveState, SegmentRow, targetId } from './SegmentRow';
import { SidePanel } from './SidePanel';

// the dialogs load when first opened (not part of the editor's first load)
const ShortcutsDialog = lazy(() => import('./ShortcutsDialog').then((m) => ({ default: m.ShortcutsDialog })));
const DeliverWorkDialog = lazy(() => import('./DeliverWorkDialog').then((m) => ({ default: m.DeliverWorkDialog })));

// The editor of one job: every segment in a virtualised list (only the rows in view are rendered),
// the side panel of the active one, and the keyboard. The open answers the first segments; the
// rest arrive a page at a time behind them (ADR 0115), and a replace all waits for the last page.
// The page keeps its own copy of the segments once loaded; each save's answer (and another tab's,
// through a BroadcastChannel) updates it.

interface SavedMessage {
  type: 'saved';
  segments: WorkbenchSegment[];
  progress: WorkbenchProgress;
}

function isConfirmed(status: SegmentStatus, confirmStatus: SavedSegmentStatus): boolean {
  return confirmStatus === 'reviewed' ? status === 'reviewed' : status === 'translated' || status === 'reviewed';
}

function onFirstLine(el: HTMLElement): boolean {
  if (!(el instanceof HTMLTextAreaElement)) return true;
  return el.selectionStart === el.selectionEnd && el.value.lastIndexOf('\n', el.selectionStart - 1) === -1;
}

function onLastLine(el: HTMLElement): boolean {
  if (!(el instanceof HTMLTextAreaElement)) return true;
  return el.selectionStart === el.selectionEnd && el.value.indexOf('\n', el.selectionEnd) === -1;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function Workbench({
  job,
  onReload,
  importedBefore = null,
}: {
  job: WorkbenchJob;
  /** opens the job afresh; `imported` is the XLIFF import that changed it, still to be shown */
  onReload: (imported?: XliffImportResult) => void;
  importedBefore?: XliffImportResult | null;
}) {
  const projectId = job.project.id;
  const readOnly = job.readOnly !== null;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [segments, setSegments] = useState<WorkbenchSegment[]>(job.segments);
  const [progress, setProgress] = useState<WorkbenchProgress>(job.progress);
  const [warnings, setWarnings] = useState<Record<number, QaWarning[]>>({});
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const [activeId, setActiveId] = useState<number | null>(
    () => (job.segments.find((s) => !isConfirmed(s.status, job.confirmStatus)) ?? job.segments[0])?.id ?? null,
  );
  const [filter, setFilter] = useState<SegmentStatus[]>([]);
  const [search, setSearch] = useState<Search>({ source: '', target: '', replace: '' });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [deliverOpen, setDeliverOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<XliffImportResult | null>(importedBefore);
  const [focusRequest, setFocusRequest] = useState<{ id: number; n: number } | null>(null);
  // the textareas' unsaved text (tokens), kept apart from the markup sent, so that what is typed
  // is never rewritten under the caret
  const drafts = useRef(new Map<number, string>()).current;
  const [version, bump] = useReducer((n: number) => n + 1, 0);

  // where each loaded segment is in `segments`: grows as the pages arrive (rows are only appended)
  const indexOf = useRef<Map<number, number>>(null as unknown as Map<number, number>);
  indexOf.current ??= new Map(job.segments.map((s, i) => [s.id, i]));
  // saved versions of segments whose page has not arrived yet (a filled repetition, another tab)
  const ahead = useRef(new Map<number, WorkbenchSegment>()).current;
  const [complete, setComplete] = useState(job.segments.length >= job.segmentTotal);
  const [replaceAllWaiting, setReplaceAllWaiting] = useState(false);
  // the segments the customer's dispute points at, with their comment, marked on their rows
  const disputed = useMemo(() => new Map(job.disputed.map((d) => [d.segmentId, d.comment])), [job.disputed]);
  const latest = useRef({ segments, activeId, suggestions: undefined as ReturnType<typeof useSuggestions>['data'] });
  latest.current.segments = segments;
  latest.current.activeId = activeId;

  const channel = useRef<BroadcastChannel | null>(null);
  const csrf = useRef<string | null>(null);

  const applySegments = useCallback(
    (updated: readonly WorkbenchSegment[]) => {
      setSegments((prev) => {
        const next = [...prev];
        for (const s of updated) {
          const i = indexOf.current.get(s.id);
          if (i !== undefined && i < next.length) {
            if (next[i].revision <= s.revision) next[i] = s;
          } else if ((ahead.get(s.id)?.revision ?? -1) <= s.revision) ahead.set(s.id, s);
        }
        return next;
      });
    },
    [ahead],
  );

  const [saver] = useState(
    () =>
      new Autosaver({
        projectId,
        delayMs: WORKBENCH_LIMITS.autosaveDelayMs,
        storage: localStorageOrNull(),
        send: saveSegment,
        events: {
          saved(answer) {
            const all = [answer.segment, ...answer.filled];
            const id = answer.segment.id;
            if (!saver.draftOf(id)) drafts.delete(id);
            // repetitions filled by the server replace what the page shows, unless typed over here
            for (const f of answer.filled) if (saver.remoteSaved(f)) drafts.delete(f.id);
            applySegments(all);
            setProgress(answer.progress);
            setWarnings((w) => ({ ...w, [id]: answer.warnings }));
            setFailed((f) => (f.has(id) ? new Set([...f].filter((x) => x !== id)) : f));
            channel.current?.postMessage({
              type: 'saved',
              segments: all,
              progress: answer.progress,
            } satisfies SavedMessage);
          },
          conflict() {
            bump();
          },
          error(segmentId, message) {
            setFailed((f) => new Set(f).add(segmentId));
            toast(message, { variant: 'error' });
          },
          change() {
            bump();
          },
        },
      }),
  );

  // the segments after the first ones, a page at a time, appended as they arrive
  useEffect(() => {
    if (job.segments.length >= job.segmentTotal) return;
    const abort = new AbortController();
    const loadRest = async () => {
      let after = job.segments[job.segments.length - 1]?.ordinal ?? 0;
      let failures = 0;
      for (;;) {
        let page: Awaited<ReturnType<typeof fetchSegmentsPage>>;
        try {
          page = await fetchSegmentsPage(projectId, after, abort.signal);
        } catch (err) {
          if (abort.signal.aborted) return;
          if (++failures < 3) continue;
          toast(messageOf(err), { variant: 'error' });
          return;
        }
        const rows = page.segments.map((s) => {
          const newer = ahead.get(s.id);
          ahead.delete(s.id);
          return newer && newer.revision > s.revision ? newer : s;
        });
        setSegments((prev) => {
          const map = indexOf.current;
          const fresh = rows.filter((s) => !map.has(s.id));
          for (const [i, s] of fresh.entries()) map.set(s.id, prev.length + i);
          return fresh.length > 0 ? [...prev, ...fresh] : prev;
        });
        after = page.segments[page.segments.length - 1]?.ordinal ?? after;
        if (!page.more || page.segments.length === 0) break;
      }
      setComplete(true);
    };
    void loadRest();
    return () => abort.abort();
  }, [projectId, job.segments, job.segmentTotal, ahead]);

  // drafts this browser kept from an earlier visit come back (and go to the server, or show as a
  // conflict), once every segment is loaded (a kept draft of a segment not there is dropped)
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !complete) return;
    restored.current = true;
    for (const [id, draft] of saver.restore(latest.current.segments)) drafts.set(id, markupToTokens(draft.target));
    bump();
  }, [saver, complete, drafts]);

  // other tabs of this browser on the same job hear of every save
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(`parlance-workbench-${projectId}`);
    channel.current = ch;
    ch.onmessage = (e: MessageEvent<SavedMessage>) => {
      if (e.data?.type !== 'saved') return;
      const take = e.data.segments.filter((s) => {
        const ok = saver.remoteSaved(s);
        if (ok) drafts.delete(s.id);
        return ok;
      });
      applySegments(take);
      setProgress(e.data.progress);
      bump();
    };
    return () => {
      ch.close();
      channel.current = null;
    };
  }, [projectId, saver, drafts, applySegments]);

  // the page going away: what is unsaved goes with keepalive (and stays in localStorage until then)
  useEffect(() => {
    void loadCsrfToken().then((t) => {
      csrf.current = t;
    });
    const onHide = () => {
      const headers: Record<string, string> = csrf.current ? { [CSRF_HEADER]: csrf.current } : {};
      for (const [id, draft] of saver.pending()) saveSegmentOnLeave(id, draft, headers);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void saver.flushAll();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // leaving the editor inside the app: everything unsaved is sent now
      void saver.flushAll();
    };
  }, [saver]);

  // ---- what the list shows ----
  const deferredSearch = useDeferredValue(search);
  // the whole job's counts from its progress (the server counts every segment, also those of the
  // pages not read yet; every save answers it anew)
  const counts = useMemo(() => statusCountsOf(progress), [progress]);
  // the sources' plain text, made the first time a search in the source needs it (not on opening)
  const searchingSource = deferredSearch.source !== '';
  const sourcePlain = useRef(new Map<number, string>()).current;
  const sourcePlainOf = (s: WorkbenchSegment) => {
    let plain = sourcePlain.get(s.id);
    if (plain === undefined) {
      plain = plainOf(s.source).toLocaleLowerCase();
      sourcePlain.set(s.id, plain);
    }
    return plain;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: version stands for the drafts, which change in place
  const { visible, matching } = useMemo(() => {
    const src = deferredSearch.source.toLocaleLowerCase();
    const tgt = deferredSearch.target.toLocaleLowerCase();
    const fits = (s: WorkbenchSegment) => {
      if (filter.length > 0 && !filter.includes(s.status)) return false;
      if (src && !sourcePlainOf(s).includes(src)) return false;
      if (tgt) {
        const draft = drafts.get(s.id);
        const text = draft !== undefined ? draft : plainOf(s.target);
        if (!text.toLocaleLowerCase().includes(tgt)) return false;
      }
      return true;
    };
    // the active row stays while typing, even when it no longer fits the filter; the count says
    // how many really match
    let count = 0;
    const rows = segments.filter((s) => {
      const fit = fits(s);
      if (fit) count++;
      return fit || s.id === activeId;
    });
    return { visible: rows, matching: count };
  }, [segments, filter, deferredSearch, searchingSource, activeId, deferredSearch.target ? version : 0]);
  const visibleRef = useRef(visible);
  visibleRef.current = visible;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (phone ? 150 : 96),
    overscan: 6,
    getItemKey: (i) => visible[i].id,
    useFlushSync: false,
  });

  // ---- moving between segments ----
  const goTo = useCallback((id: number) => {
    if (!visibleRef.current.some((s) => s.id === id)) {
      setFilter([]);
      setSearch((s) => ({ ...s, source: '', target: '' }));
    }
    setActiveId(id);
    setFocusRequest((r) => ({ id, n: (r?.n ?? 0) + 1 }));
  }, []);

  const virtualizerRef = useRef(virtualizer);
  virtualizerRef.current = virtualizer;
  useEffect(() => {
    if (!focusRequest) return;
    const index = visibleRef.current.findIndex((s) => s.id === focusRequest.id);
    if (index < 0) return;
    virtualizerRef.current.scrollToIndex(index, { align: 'auto' });
    let tries = 0;
    let frame = 0;
    const focus = () => {
      const el = document.getElementById(targetId(focusRequest.id));
      if (el) el.focus();
      else if (++tries < 30) frame = requestAnimationFrame(focus);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  // keyboard first: the first segment to work on has the focus when the editor opens
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    if (activeId !== null) goTo(activeId);
  }, []);

  // ---- suggestions of the active segment ----
  const suggestions = useSuggestions(activeId, activeId !== null);
  latest.current.suggestions = suggestions.data;

  // ---- editing ----
  const segmentOf = useCallback(
    (id: number) => latest.current.segments[indexOf.current.get(id) ?? -1] as WorkbenchSegment | undefined,
    [],
  );

  const textOf = useCallback(
    (id: number) => {
      const d = drafts.get(id);
      if (d !== undefined) return d;
      const seg = segmentOf(id);
      return seg ? markupToTokens(seg.target) : '';
    },
    [drafts, segmentOf],
  );

  const edit = useCallback(
    (
      id: number,
      text: string,
      how: { status?: SavedSegmentStatus; origin?: TargetOrigin; matchPercent?: number | null } = {},
    ) => {
      const seg = segmentOf(id);
      if (!seg || readOnly) return;
      const prev = saver.draftOf(id);
      drafts.set(id, text);
      const draft: Draft = {
        target: tokensToMarkup(text, seg.tags),
        status: how.status ?? 'draft',
        revision: prev?.revision ?? seg.revision,
        origin: how.origin ?? prev?.origin ?? 'manual',
        matchPercent: how.matchPercent !== undefined ? how.matchPercent : (prev?.matchPercent ?? null),
      };
      saver.edit(id, draft);
    },
    [drafts, readOnly, saver, segmentOf],
  );

  const move = useCallback(
    (id: number, delta: number) => {
      const list = visibleRef.current;
      const i = list.findIndex((s) => s.id === id);
      const next = list[i + delta];
      if (next) goTo(next.id);
    },
    [goTo],
  );

  const confirm = useCallback(
    async (id: number) => {
      const seg = segmentOf(id);
      if (!seg || readOnly) return;
      const text = textOf(id);
      const local = (message: string): QaWarning => ({
        segmentId: id,
        ordinal: seg.ordinal,
        check: 'tags',
        level: 'error',
        message,
      });
      if (!text.trim()) {
        setWarnings((w) => ({ ...w, [id]: [{ ...local(WORKBENCH_TEXTS.confirmEmpty), check: 'empty' }] }));
        toast(WORKBENCH_TEXTS.confirmEmpty, { variant: 'warning' });
        return;
      }
      const problems = tagProblems(text, seg.source, seg.tags);
      if (problems.length > 0) {
        setWarnings((w) => ({ ...w, [id]: problems.map(local) }));
        toast(`${WORKBENCH_TEXTS.tagsBroken}: ${problems[0]}`, { variant: 'warning' });
        return;
      }
      edit(id, text, { status: job.confirmStatus });
      const result = await saver.flush(id);
      const left = saver.draftOf(id);
      // a refused confirmation (tags, empty) stays as a draft, saved as such, not confirmed again and again
      if (result?.kind === 'error' && left) saver.edit(id, { ...left, status: 'draft' });
      if (result?.kind !== 'saved') return;
      const done = new Set([id, ...result.answer.filled.map((f) => f.id)]);
      const list = visibleRef.current;
      const from = list.findIndex((s) => s.id === id);
      const ordered = [...list.slice(from + 1), ...list.slice(0, from)];
      const next = ordered.find((s) => !done.has(s.id) && !isConfirmed(s.status, job.confirmStatus));
      if (next) goTo(next.id);
      else toast('Every segment is confirmed.', { variant: 'success' });
    },
    [edit, goTo, job.confirmStatus, readOnly, saver, segmentOf, textOf],
  );

  const insertAtCaret = useCallback(
    (id: number, token: string) => {
      const el = document.getElementById(targetId(id));
      const text = textOf(id);
      const at = el instanceof HTMLTextAreaElement ? el.selectionStart : text.length;
      const end = el instanceof HTMLTextAreaElement ? el.selectionEnd : text.length;
      edit(id, text.slice(0, at) + token + text.slice(end));
      requestAnimationFrame(() => {
        if (el instanceof HTMLTextAreaElement) el.setSelectionRange(at + token.length, at + token.length);
      });
    },
    [edit, textOf],
  );

  const takeMemory = useCallback(
    (index: number) => {
      const id = latest.current.activeId;
      const match = latest.current.suggestions?.memory[index];
      if (id === null || !match) return;
      edit(id, markupToTokens(match.target), { origin: 'memory', matchPercent: Math.round(match.percent) });
    },
    [edit],
  );

  const ctl = useMemo<RowController>(
    () => ({
      change: (id, text) => edit(id, text),
      focus: (id) => setActiveId(id),
      blur: (id) => void saver.flush(id),
      confirm: (id) => void confirm(id),
      keepMine: (id) => void saver.keepMine(id),
      takeTheirs: (id) => {
        const theirs = saver.takeTheirs(id);
        drafts.delete(id);
        if (theirs) applySegments([theirs]);
      },
      insertTag: (id) => {
        const seg = segmentOf(id);
        if (!seg) return;
        const token = nextMissingTag(textOf(id), seg.source, seg.tags);
        if (token) insertAtCaret(id, token);
        else toast('Every tag of the source is in the translation.');
      },
      copySource: (id) => {
        const seg = segmentOf(id);
        if (seg) edit(id, markupToTokens(seg.source), { origin: 'manual', matchPercent: null });
      },
      keyDown: (e: KeyboardEvent<HTMLElement>, id: number) => {
        const ctrl = e.ctrlKey || e.metaKey;
        const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
        const digit = /^Digit([1-3])$/.exec(e.code)?.[1] ?? (/^[1-3]$/.test(e.key) ? e.key : null);
        let handled = true;
        if (ctrl && key === 'Enter') void confirm(id);
        else if (ctrl && !e.shiftKey && key === 'ArrowDown') move(id, 1);
        else if (ctrl && !e.shiftKey && key === 'ArrowUp') move(id, -1);
        else if (!ctrl && !e.shiftKey && !e.altKey && key === 'ArrowUp' && onFirstLine(e.currentTarget)) move(id, -1);
        else if (!ctrl && !e.shiftKey && !e.altKey && key === 'ArrowDown' && onLastLine(e.currentTarget)) move(id, 1);
        else if (!readOnly && ((ctrl && e.shiftKey && key === 't') || key === 'F8')) ctl.insertTag(id);
        else if (!readOnly && ctrl && e.shiftKey && key === 's') ctl.copySource(id);
        else if (!readOnly && (ctrl || e.altKey) && !e.shiftKey && digit) takeMemory(Number(digit) - 1);
        else if (ctrl && (key === '/' || e.code === 'Slash')) setShortcutsOpen(true);
        else if (readOnly && key === '?') setShortcutsOpen(true);
        else handled = false;
        if (handled) e.preventDefault();
      },
    }),
    [applySegments, confirm, drafts, edit, insertAtCaret, move, readOnly, saver, segmentOf, textOf, takeMemory],
  );

  // ? (outside a text field) and Ctrl+/ anywhere open the shortcuts sheet
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const typing = !!el && (el.tagName === 'TEXTAREA' || el.tagName === 'INPUT' || el.isContentEditable);
      if ((e.key === '?' && !typing) || ((e.ctrlKey || e.metaKey) && e.key === '/')) {
        e.preventDefault();
        setShortcutsOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // ---- replace, import, deliver, annotations ----
  function replace(all: boolean) {
    if (readOnly || !search.target) return;
    // every segment of the job, not only those loaded so far: the rest first
    if (all && !complete) {
      setReplaceAllWaiting(true);
      toast('Loading the rest of the job: the replace follows.', { variant: 'info' });
      return;
    }
    const needle = search.target.toLocaleLowerCase();
    const matches = visible.filter((s) => textOf(s.id).toLocaleLowerCase().includes(needle));
    const chosen = all
      ? matches
      : matches
          .filter((s) => s.id === activeId)
          .concat(matches)
          .slice(0, 1);
    let changed = 0;
    for (const seg of chosen) {
      const before = textOf(seg.id);
      const after = replaceInTokens(before, seg.tags, search.target, search.replace);
      if (after === before) continue;
      // a confirmed segment stays confirmed (checked again by the server); any other becomes a draft
      const status: SavedSegmentStatus = isConfirmed(seg.status, job.confirmStatus) ? job.confirmStatus : 'draft';
      edit(seg.id, after, { status });
      void saver.flush(seg.id);
      changed++;
    }
    toast(changed === 1 ? 'Replaced in 1 segment.' : `Replaced in ${changed} segments.`, {
      variant: changed > 0 ? 'success' : 'info',
    });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs the replace asked for once the last page is in
  useEffect(() => {
    if (!replaceAllWaiting || !complete) return;
    setReplaceAllWaiting(false);
    replace(true);
  }, [replaceAllWaiting, complete]);

  async function importFile(file: File) {
    setImporting(true);
    try {
      await saver.flushAll();
      const result = await importXliff(projectId, file);
      setImported(result);
      // the job opens afresh with the imported targets; the page keeps the result to show it again
      if (result.updated > 0) onReload(result);
    } catch (err) {
      toast(messageOf(err), { variant: 'error' });
    } finally {
      setImporting(false);
    }
  }

  async function deliver(acceptWarnings: boolean) {
    await saver.flushAll();
    await deliverJob(projectId, acceptWarnings);
    setDeliverOpen(false);
    void queryClient.invalidateQueries({ queryKey: workbenchKeys.all });
    toast('The translation is delivered.', { variant: 'success' });
    navigate(`/project/${projectId}`);
  }

  const onAddAnnotation = useCallback(async (segmentId: number, body: AnnotationCreate) => {
    const created = await addAnnotation(segmentId, body);
    setSegments((prev) =>
      prev.map((s) => (s.id === segmentId ? { ...s, annotations: [...s.annotations, created] } : s)),
    );
  }, []);
  const onDeleteAnnotation = useCallback(async (a: SegmentAnnotation) => {
    await deleteAnnotation(a.id);
    setSegments((prev) =>
      prev.map((s) => (s.id === a.segmentId ? { ...s, annotations: s.annotations.filter((x) => x.id !== a.id) } : s)),
    );
  }, []);

  const active = activeId !== null ? (segments[indexOf.current.get(activeId) ?? -1] ?? null) : null;
  const unconfirmed = useMemo(
    () => segments.filter((s) => !isConfirmed(s.status, job.confirmStatus)),
    [segments, job.confirmStatus],
  );
  const highlights = useMemo(
    () => suggestions.data?.terms.map((t) => ({ start: t.start, end: t.end, title: `${t.source} → ${t.target}` })),
    [suggestions.data],
  );

  const panel = (
    <SidePanel
      segment={active}
      suggestions={suggestions.data}
      loading={suggestions.isFetching}
      error={suggestions.error}
      warnings={activeId !== null ? warnings[activeId] : undefined}
      readOnly={readOnly}
      canAnnotate={job.canAnnotate}
      onUseMemory={takeMemory}
      onUseMachine={() => {
        const m = suggestions.data?.machine;
        if (m && activeId !== null) edit(activeId, markupToTokens(m.target), { origin: 'machine', matchPercent: null });
      }}
      onAddAnnotation={onAddAnnotation}
      onDeleteAnnotation={onDeleteAnnotation}
    />
  );

  const saveStateOf = (id: number): SaveState =>
    saver.isSaving(id) ? 'saving' : saver.draftOf(id) ? (failed.has(id) ? 'failed' : 'unsaved') : 'saved';

  return (
    <Box sx={{ px: { xs: 1.5, md: 3 }, py: { xs: 2, md: 2.5 }, maxWidth: 1600, mx: 'auto', width: '100%' }}>
      <EditorHeader
        job={job}
        progress={progress}
        counts={counts}
        filter={filter}
        onFilter={setFilter}
        search={search}
        onSearch={setSearch}
        matching={matching}
        searchingAll={!complete}
        onReplace={replace}
        onImport={(f) => void importFile(f)}
        importing={importing}
        onShortcuts={() => setShortcutsOpen(true)}
        onDeliver={() => setDeliverOpen(true)}
      />
      {job.deliveredNote && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {job.deliveredNote}
        </Alert>
      )}
      {imported && (
        <Alert
          severity={imported.problems.length > 0 ? 'warning' : 'success'}
          onClose={() => setImported(null)}
          sx={{ mb: 1 }}
        >
          The XLIFF file updated {imported.updated} {imported.updated === 1 ? 'segment' : 'segments'};{' '}
          {imported.unchanged} unchanged.
          {imported.problems.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {imported.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'stretch' }}>
        <Paper
          variant="outlined"
          ref={scrollRef}
          role="region"
          aria-label="Segments"
          sx={{
            flex: 1,
            minWidth: 0,
            overflow: 'auto',
            height: { xs: '72vh', md: 'max(420px, calc(100vh - 300px))' },
            contain: 'strict',
          }}
        >
          {visible.length === 0 ? (
            <Box sx={{ p: 3, color: 'text.secondary' }}>
              {complete ? 'No segment matches the filters.' : WORKBENCH_TEXTS.searchingAll}
            </Box>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const seg = visible[item.index];
                const isActive = seg.id === activeId;
                return (
                  <div
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    style={{
                      position: 'absolute',
                      top: 0,
                      left: 0,
                      width: '100%',
                      transform: `translateY(${item.start}px)`,
                    }}
                  >
                    <SegmentRow
                      segment={seg}
                      draft={drafts.get(seg.id)}
                      active={isActive}
                      readOnly={readOnly}
                      saveState={saveStateOf(seg.id)}
                      conflict={saver.conflictOf(seg.id)}
                      warnings={warnings[seg.id]}
                      highlights={isActive ? highlights : undefined}
                      panel={isActive && phone ? panel : null}
                      disputed={disputed.get(seg.id)}
                      disputeHref={job.canDispute ? `/project/${job.project.id}?dispute=${seg.id}` : undefined}
                      ctl={ctl}
                    />
                  </div>
                );
              })}
            </div>
          )}
        </Paper>
        {!phone && (
          <Paper
            variant="outlined"
            component="aside"
            aria-label="Suggestions"
            sx={{ width: 360, flexShrink: 0, overflow: 'auto', height: 'max(420px, calc(100vh - 300px))' }}
          >
            {panel}
          </Paper>
        )}
      </Box>
      <OnDemand when={shortcutsOpen}>
        <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      </OnDemand>
      <OnDemand when={deliverOpen && job.canDeliver}>
        <DeliverWorkDialog
          open={deliverOpen}
          projectId={projectId}
          unconfirmed={unconfirmed}
          unsaved={saver.unsavedCount()}
          onGoTo={goTo}
          onDeliver={deliver}
          onClose={() => setDeliverOpen(false)}
        />
      </OnDemand>
    </Box>
  );
}

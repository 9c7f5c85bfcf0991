import { and, eq, isNull } from 'drizzle-orm';
import {
  findTerms,
  type MemoryMatch,
  type SegmentSuggestions,
  type TermHit,
  WORKBENCH_LIMITS,
  WORKBENCH_TEXTS,
} from '@parlance/shared';
import type { Db } from '../../db/client';
import { workbenchSegments } from '../../db/schema';
import type { Logger } from '../../platform/logger';
import { type MtEngines, MtError } from '../../platform/mt';
import { plainText } from '../../platform/segments/inline';
import { setupOf, translateWithSetup } from '../machine-translation/engine-choice';
import { type FoundMatch, jobMemory, type PairContext, pairContext, pairMemory, searchJobMemory } from './memory-index';
import { fitMatchTags } from './memory-tags';
import { termsOfSet } from './term-sets';

// A segment's suggestions in the editor (ADR 0110): matches from the customer's translation
// memory and from the job's confirmed segments, the customer's terms found in the source, and the
// engine's translation, asked once and kept on the segment so that reopening it costs nothing.

export interface SuggestionDeps {
  db: Db;
  mt: MtEngines;
  logger: Pick<Logger, 'warn'>;
}

/** The project whose segments these are: its customer's memory and terms, its pair and its order. */
export interface SuggestionProject {
  id: number;
  customerId: number;
  purchaseOrderId: number | null;
  sourceLanguage: string | null;
  targetLanguage: string | null;
}

export interface SuggestionSegment {
  id: number;
  projectId: number;
  source: string;
  machineTarget: string | null;
  machineEngine: string | null;
}

/** What the suggestions are for, once the asker's access to the segment was checked. */
export interface SuggestionRequest {
  segment: SuggestionSegment;
  project: SuggestionProject;
  /** only who may save the segment makes the engine translate it (an engine call costs) */
  mayAskEngine: boolean;
}

/** Memory matches, best first: an exact match before fuzzy ones, the job's before the memory's. */
function bestMatches(job: FoundMatch[], memory: FoundMatch[]): MemoryMatch[] {
  const all = [
    ...job.map((m) => ({ ...m, from: 'job' as const })),
    ...memory.map((m) => ({ ...m, from: 'memory' as const })),
  ].sort((a, b) => b.percent - a.percent || (a.from === b.from ? 0 : a.from === 'job' ? -1 : 1));
  const seen = new Set<string>();
  const out: MemoryMatch[] = [];
  for (const m of all) {
    const key = `${m.source}\u0000${m.target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ source: m.source, target: m.target, percent: m.percent, from: m.from, label: m.label });
    if (out.length >= WORKBENCH_LIMITS.memoryMatches) break;
  }
  return out;
}

async function memoryMatches(
  db: Db,
  request: SuggestionRequest,
  context: PairContext,
  plain: string,
): Promise<MemoryMatch[]> {
  const { project, segment } = request;
  const limit = WORKBENCH_LIMITS.memoryMatches;
  const [job, memory] = await Promise.all([
    jobMemory(db, segment.projectId),
    pairMemory(db, project.customerId, context),
  ]);
  // each match with the segment's own tags (or as text when its tags do not fit)
  const fit = (matches: FoundMatch[]) => matches.map((m) => ({ ...m, ...fitMatchTags(m, segment.source) }));
  return bestMatches(
    fit(searchJobMemory(job, plain, segment.id, limit)),
    fit(memory ? memory.search(plain, limit) : []),
  );
}

async function termHits(db: Db, request: SuggestionRequest, context: PairContext, plain: string): Promise<TermHit[]> {
  if (context.termSetId === null) return [];
  const terms = await termsOfSet(db, context.termSetId);
  if (terms.length === 0) return [];
  return findTerms(plain, terms, context.sourceIso ?? request.project.sourceLanguage ?? '');
}

/** Segments whose engine translation is being asked now: a second request waits for the first. */
const asking = new WeakMap<object, Map<number, Promise<MachineAnswer>>>();

interface MachineAnswer {
  machine: SegmentSuggestions['machine'];
  machineNote: string | null;
}

async function askEngine(deps: SuggestionDeps, request: SuggestionRequest): Promise<MachineAnswer> {
  const { segment } = request;
  let setup: Awaited<ReturnType<typeof setupOf>>;
  try {
    setup = await setupOf(deps.db, deps.mt, request.project);
  } catch (error) {
    if (error instanceof MtError) return { machine: null, machineNote: WORKBENCH_TEXTS.machineUnavailable };
    throw error;
  }
  let target: string;
  try {
    [target] = await translateWithSetup(setup, [segment.source]);
  } catch (error) {
    // an engine that fails is the engine's problem, never the editor's: say so and go on
    deps.logger.warn({ err: error, segmentId: segment.id, engine: setup.engine.slug }, 'machine suggestion failed');
    return { machine: null, machineNote: WORKBENCH_TEXTS.machineFailed };
  }
  // kept once: a second tab asking at the same time keeps the first answer
  const [kept] = await deps.db
    .update(workbenchSegments)
    .set({ machineTarget: target, machineEngine: setup.engine.slug })
    .where(and(eq(workbenchSegments.id, segment.id), isNull(workbenchSegments.machineTarget)))
    .returning({ target: workbenchSegments.machineTarget, engine: workbenchSegments.machineEngine });
  if (kept?.target != null && kept.engine != null) {
    return { machine: { engine: kept.engine, target: kept.target }, machineNote: null };
  }
  const [now] = await deps.db
    .select({ target: workbenchSegments.machineTarget, engine: workbenchSegments.machineEngine })
    .from(workbenchSegments)
    .where(eq(workbenchSegments.id, segment.id));
  return now?.target != null && now.engine != null
    ? { machine: { engine: now.engine, target: now.target }, machineNote: null }
    : { machine: { engine: setup.engine.slug, target }, machineNote: null };
}

async function machineSuggestion(deps: SuggestionDeps, request: SuggestionRequest): Promise<MachineAnswer> {
  const { segment } = request;
  if (segment.machineTarget !== null && segment.machineEngine !== null) {
    return { machine: { engine: segment.machineEngine, target: segment.machineTarget }, machineNote: null };
  }
  if (!request.mayAskEngine) return { machine: null, machineNote: WORKBENCH_TEXTS.machineNotAsked };
  if (deps.mt.list.length === 0) return { machine: null, machineNote: WORKBENCH_TEXTS.machineUnavailable };
  let pending = asking.get(deps.db);
  if (!pending) {
    pending = new Map();
    asking.set(deps.db, pending);
  }
  const inFlight = pending.get(segment.id);
  if (inFlight) return inFlight;
  const map = pending;
  const answer = askEngine(deps, request).finally(() => map.delete(segment.id));
  map.set(segment.id, answer);
  return answer;
}

/** GET /api/2/workbench/segments/{id}/suggestions, after segmentAccess. */
export async function segmentSuggestions(
  deps: SuggestionDeps,
  request: SuggestionRequest,
): Promise<SegmentSuggestions> {
  const plain = plainText(request.segment.source);
  const { project } = request;
  // one round trip for the pair's languages, terms and the memory's version; then the indexes
  const context = await pairContext(deps.db, project.customerId, project.sourceLanguage, project.targetLanguage);
  const [memory, terms, machine] = await Promise.all([
    memoryMatches(deps.db, request, context, plain),
    termHits(deps.db, request, context, plain),
    machineSuggestion(deps, request),
  ]);
  return { memory, terms, machine: machine.machine, machineNote: machine.machineNote };
}

// The language-manager dashboard (spec 3 sections 2, 3, 7, 8, 9): tiles, their project tables and the
// capacity per language pair. Definitions of each tile: ADR 0070.

/** The acl group that opens the dashboard (super-admins open it too). */
export const LM_ACL_GROUP = 'role.language-manager';

export const LM_LIMITS = {
  /** waiting means over 8 hours (8 to 24 hours) */
  waitingHours: 8,
  /** delayed means over 24 hours */
  delayedHours: 24,
  /** low quality covers the last 7 days */
  lowQualityDays: 7,
  /** a customer rating (out of 5) at or below this is a low-quality complaint */
  lowRatingMax: 3,
  /** a QA, LL or customer-quality review score (out of 1000) below this is low */
  lowScoreBelow: 800,
  /** project list page size 30 */
  pageSize: 30,
  /** pagination window of about 10 pages */
  pageWindow: 10,
  /** 'all' starts at 10000 (seconds) */
  allTimeFrom: 10000,
  /** the recent throughput of a language pair: words delivered in the last 30 days */
  throughputDays: 30,
  /** a pair whose open words take longer than this to clear at its throughput is at risk */
  riskDays: 3,
  /** bars in a tile's chart (the busiest language pairs) */
  chartBars: 6,
  capacityPageSize: 20,
} as const;

/** Workflow status ids of GET /api/2/project/list (spec 3 section 7). */
export const LM_WORKFLOW_STATUS = { waiting: 2, inProgress: 3, expired: 9 } as const;

/** The sub-pages ({type}) of /lm_dashboard with their tile titles (spec 3 section 2). */
export const LM_TILES = [
  { key: 'inprogress', title: 'In progress / Started projects', call: 'in-progress' },
  { key: 'waiting', title: 'Waiting projects (> 8 hours)', call: 'waiting' },
  { key: 'low_quality', title: 'Projects with low quality complaint', call: 'low-quality' },
  { key: 'low_qa', title: 'Projects with low QA', call: 'low-qa' },
  { key: 'low_ll', title: 'Projects with low LL reviews', call: 'low-ll' },
  { key: 'delayed_projects', title: 'Delayed projects (> 24 hours)', call: 'delayed' },
  { key: 'expired', title: 'Expired Projects', call: 'expired' },
] as const;
export type LmTileKey = (typeof LM_TILES)[number]['key'];
export type LmTileCall = (typeof LM_TILES)[number]['call'];
export const LM_TILE_CALLS = LM_TILES.map((t) => t.call) as unknown as readonly [LmTileCall, ...LmTileCall[]];

/** The list parameters that select a tile's projects in GET /api/2/project/list. */
export const LM_TILE_LIST_PARAMS: Record<LmTileKey, Record<string, string>> = {
  inprogress: { workflow_status: String(LM_WORKFLOW_STATUS.inProgress) },
  waiting: { workflow_status: String(LM_WORKFLOW_STATUS.waiting) },
  expired: { workflow_status: String(LM_WORKFLOW_STATUS.expired) },
  delayed_projects: { delayed: '1' },
  low_quality: { alerts: 'low_quality' },
  low_qa: { alerts: 'low_qa' },
  low_ll: { alerts: 'low_ll' },
};

export const LM_TEXTS = {
  title: 'Language-manager dashboard',
  clientFilter: 'ID or E-mail',
  sourceLanguages: 'Source languages',
  targetLanguages: 'Target languages',
  selectLanguage: 'Select language',
  clearAll: 'Clear all',
  outOf1000: 'out of 1000',
  last7Days: 'last 7 days',
  total: 'Total',
  myTeam: 'MyTeam',
  editing: 'Editing',
  availableTranslators: 'Available translators + editors',
  /** the line under the available count, from live figures (the spec's is a fixed placeholder) */
  availableOutOf: (all: number, top: number, vacation: number) =>
    `out of ${all} ${all === 1 ? 'translator' : 'translators'}, ${top} top ${top === 1 ? 'reviewer' : 'reviewers'}, ${vacation} on vacation`,
  waitingPilot: 'Waiting Pilot Projects',
  llWaiting: 'Projects waiting for LL',
  llDone: 'Statistic of LLs done',
  llDoneRange: 'in the chosen dates',
  empty: 'Looks like everything was handled. We cannot find any projects',
  typeButtons: ['Editing', 'MyTeam', 'Translation', 'All'],
  datePrefix: 'Date:',
  reset: 'RESET',
  from: 'From',
  to: 'To',
  capacityTitle: 'Capacity per language pair',
  badLanguage: 'Unknown language id',
  badDate: 'Dates are seconds since 1970 (whole numbers)',
  dateOrder: 'date_from must not be after date_to',
  chooseTile: 'Choose the projects to list: workflow_status (2, 3 or 9), alerts or delayed',
  forbidden: 'Only language managers and administrators can open the language-manager dashboard',
} as const;

/** Date-filter presets (spec 3 section 3). */
export const LM_DATE_PRESETS = [
  { key: 'week', label: 'This Week' },
  { key: 'month', label: 'This Month' },
  { key: 'halfYear', label: 'Last 6 months' },
  { key: 'year', label: 'This Year' },
  { key: 'all', label: 'All time' },
] as const;
export type LmDatePreset = (typeof LM_DATE_PRESETS)[number]['key'] | 'custom';

export const LM_LIST_TYPES = ['editing', 'myteam', 'translation', 'all'] as const;
export const LM_LIST_SORTS = ['id', 'word_count', 'expertise', 'date_submition'] as const;
export const LM_ALERTS = ['low_quality', 'low_qa', 'low_ll'] as const;

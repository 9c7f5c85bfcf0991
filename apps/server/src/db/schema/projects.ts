import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type LevelingInput, MODERATION_STATUSES, PROJECT_KINDS, PROJECT_STATUSES } from '@parlance/shared';
import { ledgerTransactions } from './ledger';
import { purchaseOrders } from './ordering';
import { users } from './users';

export { PROJECT_KINDS, PROJECT_STATUSES } from '@parlance/shared';
export type { ProjectKind, ProjectStatus } from '@parlance/shared';

// A project: one target language of a paid purchase order. Paying creates it PENDING (waiting for
// a translator); modules/projects moves it through its life (ADR 0026).
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('PENDING'),
    /** project type slug (packages/shared project types) */
    type: text('type').notNull().default('translation'),
    kind: text('kind', { enum: PROJECT_KINDS }).notNull().default('classic'),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
    sourceLanguage: text('source_language'),
    targetLanguage: text('target_language'),
    expertise: text('expertise'),
    wordCount: integer('word_count').notNull().default(0),
    needProofreading: boolean('need_proofreading').notNull().default(false),
    expedite: boolean('expedite').notNull().default(false),
    certificate: boolean('certificate').notNull().default(false),
    /** above 0: machine-translation exclusive (the MT badge) */
    exclusive: smallint('exclusive').notNull().default(0),
    brief: text('brief'),
    translationCategory: text('translation_category'),
    /** ids of the order's files (purchase_order_files) that belong to this project */
    fileIds: jsonb('file_ids').$type<number[]>().notNull().default([]),
    /** what the customer paid for this project, VAT excluded, after discounts */
    priceCredits: bigint('price_credits', { mode: 'number' }).notNull().default(0),
    /**
     * the project's price before coupons (null: no coupon, the price itself): the earnings are
     * shares of it (a coupon is the platform's marketing, carried by platform_promotions)
     */
    listPriceCredits: bigint('list_price_credits', { mode: 'number' }),
    /** this project's share of the order's VAT (refunded with the price on cancel) */
    vatCredits: bigint('vat_credits', { mode: 'number' }).notNull().default(0),
    /** the translator's (and editor's) earnings, fixed when they take the job */
    translatorEarningsCredits: bigint('translator_earnings_credits', { mode: 'number' }).notNull().default(0),
    editorEarningsCredits: bigint('editor_earnings_credits', { mode: 'number' }).notNull().default(0),
    deadline: timestamp('deadline', { withTimezone: true }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    translatorId: integer('translator_id').references(() => users.id),
    editorId: integer('editor_id').references(() => users.id),
    /** until then only the customer's My Team translators see the project */
    openToAllAt: timestamp('open_to_all_at', { withTimezone: true }),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    editTakenAt: timestamp('edit_taken_at', { withTimezone: true }),
    editDeadline: timestamp('edit_deadline', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** when the earnings moved from pending to available (null: not yet) */
    earningsReleasedAt: timestamp('earnings_released_at', { withTimezone: true }),
    earningsPostedAt: timestamp('earnings_posted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** the status to go back to when an admin releases a HOLD */
    statusBeforeHold: text('status_before_hold', { enum: PROJECT_STATUSES }),
    disputeReason: text('dispute_reason'),
    rating: smallint('rating'),
    ratingReasons: jsonb('rating_reasons').$type<string[]>(),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /**
     * The lowest QA / LL score (out of 1000) of the project's reviews, null before the first: kept by
     * a trigger on project_reviews (migration 0011) for the low-QA and low-LL tiles.
     */
    qaScore: smallint('qa_score'),
    llScore: smallint('ll_score'),
    /** a QA or LL job: the completed project it reviews */
    reviewedProjectId: integer('reviewed_project_id').references((): AnyPgColumn => projects.id),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_customer_idx').on(t.customerId, t.id),
    index('projects_customer_status_idx').on(t.customerId, t.status, t.id),
    index('projects_status_idx').on(t.status),
    index('projects_po_idx').on(t.purchaseOrderId),
    index('projects_translator_idx').on(t.translatorId, t.id),
    index('projects_editor_idx').on(t.editorId, t.id),
    index('projects_open_pair_idx').on(t.status, t.sourceLanguage, t.targetLanguage),
    index('projects_deadline_idx').on(t.status, t.deadline),
    // the customer's list sorted by deadline or date without a sort step (ADR 0052)
    index('projects_customer_deadline_idx').on(t.customerId, t.deadline, t.id),
    index('projects_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    // QA, LL and bonus job lists
    index('projects_kind_status_idx').on(t.kind, t.status, t.id),
    index('projects_reviewed_project_idx').on(t.reviewedProjectId),
    // language-manager dashboard (ADR 0070): the open work by
    // age, the started work by date, low ratings of the last days, recent deliveries per pair
    // (after the leading columns come the ones the tiles filter and count by, so that counting is an
    // index-only scan)
    index('projects_lm_open_idx')
      .on(
        t.createdAt,
        t.kind,
        t.deadline,
        t.sourceLanguage,
        t.targetLanguage,
        t.customerId,
        t.openToAllAt,
        t.needProofreading,
        t.type,
        t.id,
      )
      .where(sql`${t.status} = 'PENDING' AND ${t.translatorId} IS NULL`),
    index('projects_lm_status_idx').on(
      t.status,
      t.createdAt,
      t.kind,
      t.sourceLanguage,
      t.targetLanguage,
      t.customerId,
      t.openToAllAt,
      t.needProofreading,
      t.type,
    ),
    index('projects_low_qa_idx')
      .on(
        t.createdAt,
        t.kind,
        t.sourceLanguage,
        t.targetLanguage,
        t.customerId,
        t.openToAllAt,
        t.needProofreading,
        t.type,
      )
      .where(sql`${t.qaScore} < 800`),
    index('projects_low_ll_idx')
      .on(
        t.createdAt,
        t.kind,
        t.sourceLanguage,
        t.targetLanguage,
        t.customerId,
        t.openToAllAt,
        t.needProofreading,
        t.type,
      )
      .where(sql`${t.llScore} < 800`),
    index('projects_low_rating_idx').on(t.ratedAt, t.id).where(sql`${t.rating} <= 3`),
    index('projects_delivered_idx').on(t.deliveredAt).where(sql`${t.deliveredAt} IS NOT NULL`),
    // the translator dashboard's months and the leveling window
    index('projects_completed_translator_idx')
      .on(t.translatorId, t.completedAt)
      .where(sql`${t.completedAt} IS NOT NULL`),
  ],
);

/** Every status move of a project: its timeline. */
export const projectEvents = pgTable(
  'project_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: PROJECT_STATUSES }),
    toStatus: text('to_status', { enum: PROJECT_STATUSES }).notNull(),
    /** the move's name: take, deliver, approve, auto-complete, ... */
    action: text('action').notNull(),
    /** null for moves the scheduler made */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_events_project_idx').on(t.projectId, t.id)],
);

/** Files added to a project after payment: deliveries, edited results, extra references. */
export const projectResources = pgTable(
  'project_resources',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    context: text('context', { enum: ['translation', 'edited', 'reference', 'post'] }).notNull(),
    storageId: text('storage_id').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_resources_uuid_uq').on(t.uuid), index('project_resources_project_idx').on(t.projectId)],
);

/** A customer's tags on a project (at most 30, 20 characters each). */
export const projectTags = pgTable(
  'project_tags',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.tag] }), index('project_tags_tag_idx').on(t.tag)],
);

/** The discussion thread between a project's customer and its translator (and editor). */
export const projectMessages = pgTable(
  'project_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    /** null: delivered as sent; pending/declined: seen by its author only; approved: delivered after moderation */
    moderationStatus: text('moderation_status', { enum: MODERATION_STATUSES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_messages_project_idx').on(t.projectId, t.id)],
);

/** QA, LL and customer-quality (cqr) reviews of a completed project: a LISA-style error table. */
export const projectReviews = pgTable(
  'project_reviews',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    /** the translator whose work was scored */
    translatorId: integer('translator_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['qa', 'll', 'cqr'] }).notNull(),
    /** 0..1000 ('out of 1000') */
    score: integer('score').notNull(),
    /** [{ category, severity: 'minor'|'major'|'critical', count }] */
    errors: jsonb('errors').$type<{ category: string; severity: string; count: number }[]>().notNull().default([]),
    comment: text('comment'),
    /** the QA or LL job this review was submitted for (null: demo, imported and cqr reviews) */
    jobId: integer('job_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_reviews_project_idx').on(t.projectId),
    // one review per job, whatever happens (a double submit writes one row)
    uniqueIndex('project_reviews_job_uq').on(t.jobId),
    index('project_reviews_translator_idx').on(t.translatorId, t.kind, t.id),
    index('project_reviews_reviewer_idx').on(t.reviewerId, t.kind, t.id),
    // low QA / LL / customer-quality scores of the language-manager dashboard
    index('project_reviews_kind_score_idx').on(t.kind, t.score, t.projectId),
  ],
);

/** A translator's working profile: active flag, vacation, level (the earnings share). */
export const translatorProfiles = pgTable('translator_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(true),
  vacationFrom: date('vacation_from'),
  vacationTo: date('vacation_to'),
  /** 1..5; the earnings share grows with it */
  level: smallint('level').notNull().default(1),
  /** may take the editing job of Translation + Editing projects */
  isEditor: boolean('is_editor').notNull().default(false),
  isCertified: boolean('is_certified').notNull().default(false),
  /** the leveling parameters the level was last computed from (LevelingInput), and when */
  levelParams: jsonb('level_params').$type<LevelingInput>(),
  levelComputedAt: timestamp('level_computed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Language pairs a translator works in (spec 2 §3: uid, source_id, target_id, native_id). */
export const translatorLanguagePairs = pgTable(
  'translator_language_pairs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceLanguage: text('source_language').notNull(),
    targetLanguage: text('target_language').notNull(),
    nativeLanguage: text('native_language'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sourceLanguage, t.targetLanguage] }),
    index('translator_language_pairs_pair_idx').on(t.sourceLanguage, t.targetLanguage),
  ],
);

/** Expertises a translator works in. */
export const translatorExpertises = pgTable(
  'translator_expertises',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertise: text('expertise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.expertise] })],
);

/** A customer's preferred translators (My Team). */
export const myTeamMembers = pgTable(
  'my_team_members',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    translatorId: integer('translator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.translatorId] }),
    index('my_team_members_translator_idx').on(t.translatorId),
  ],
);

/**
 * Realtime events: written in the same transaction as the change, fanned out by the bus after
 * commit; a client that reconnects replays from its last event id. userId null with a role:
 * every user of that role who may see it (filtered again when delivered).
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['customer', 'translator', 'admin'] }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('realtime_events_user_idx').on(t.userId, t.id),
    index('realtime_events_role_idx').on(t.role, t.id),
    index('realtime_events_created_idx').on(t.createdAt),
    check('realtime_events_has_audience', sql`${t.userId} IS NOT NULL OR ${t.role} IS NOT NULL`),
  ],
);

/**
 * How many projects each customer has in each status: kept by a trigger on projects in
 * the same transaction as every insert, status move and delete (migration 0010), so the customer's
 * list answers its total without counting rows.
 */
export const projectStatusCounts = pgTable(
  'project_status_counts',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PROJECT_STATUSES }).notNull(),
    n: integer('n').notNull().default(0),
  },
  // no CHECK (n >= 0): a move's -1 and +1 are one upsert, whose proposed rows may be negative
  (t) => [primaryKey({ columns: [t.customerId, t.status] })],
);

/**
 * Quality reports (ADR 0089): the reviewer of a QA or LL job
 * writes one report per file of the reviewed project and editor (free or detailed); the job's review
 * score counts their errors.
 */
export const qualityReports = pgTable(
  'quality_reports',
  {
    id: serial('id').primaryKey(),
    /** the QA or LL job */
    jobId: integer('job_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the reviewed project, whose file this is */
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    resourceUuid: text('resource_uuid').notNull(),
    fileName: text('file_name').notNull(),
    kind: text('kind', { enum: ['free', 'detailed'] }).notNull(),
    errors: jsonb('errors').$type<{ category: string; severity: string; count: number }[]>().notNull().default([]),
    summary: text('summary').notNull().default(''),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quality_reports_job_file_kind_uq').on(t.jobId, t.resourceUuid, t.kind)],
);

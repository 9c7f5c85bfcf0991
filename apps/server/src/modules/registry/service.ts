import { asc, eq, inArray } from 'drizzle-orm';
import type { ConfigData } from '@parlance/shared';
import type { Services } from '../../platform/services';
import type { Db, Tx } from '../../db/client';
import { countries, expertises, languages, uiFeatures } from '../../db/schema';
import { audit } from '../../platform/audit';
import { CAPTCHA_CHALLENGE_PATH } from '../../platform/captcha';
import { notFound } from '../../platform/errors';
import { type CurrencyWithRate, currenciesWithRates } from '../rates/service';

// Reference data (languages, expertises, currencies, countries), UI feature flags and the web app's
// configuration.

export type UiFeatureRow = typeof uiFeatures.$inferSelect;
export type CurrencyRow = CurrencyWithRate;

/** UI feature uuids the server itself reads. */
export const UI_FEATURES = {
  teamChat: 'blend-talk',
  /** status 1, config.enabled and config.text: the text of the not-found page */
  notFoundText: 'not-found-text',
} as const;

export const COMPANY_NAME = 'Parlance';
export const SUPPORT_EMAIL = 'support@parlance.test';

export function listLanguages(db: Db) {
  return db.select().from(languages).orderBy(asc(languages.id));
}

export function listExpertises(db: Db) {
  return db.select().from(expertises).orderBy(asc(expertises.sortOrder), asc(expertises.name));
}

export function listCountries(db: Db) {
  return db.select().from(countries).orderBy(asc(countries.name));
}

/** Every currency with today's rate, the admin currencies first in the spec's order. */
export function listCurrencies(db: Db): Promise<CurrencyRow[]> {
  return currenciesWithRates(db);
}

/** Is this country code in the countries table? (codes are upper case) */
export async function countryExists(db: Db | Tx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
  return row !== undefined;
}

export function listUiFeatures(db: Db) {
  return db.select().from(uiFeatures).orderBy(asc(uiFeatures.id));
}

/** A flag is on when its status is 1 and its config says enabled (spec 2 section 7). */
export function isUiFeatureOn(row: UiFeatureRow | undefined): boolean {
  return row !== undefined && row.status === 1 && row.config.enabled === true;
}

export async function findUiFeature(db: Db | Tx, uuid: string): Promise<UiFeatureRow | undefined> {
  const [row] = await db.select().from(uiFeatures).where(eq(uiFeatures.uuid, uuid));
  return row;
}

export interface UiFeatureChange {
  uuid: string;
  status: number;
  config: Record<string, unknown>;
  /** needed to create a flag that does not exist yet */
  name?: string;
}

/** Changes (or, given a name, creates) a UI feature flag and records who did it. */
export async function setUiFeature(
  db: Db,
  change: UiFeatureChange,
  actor: { id: number; ip: string },
  now: Date,
): Promise<UiFeatureRow> {
  return db.transaction(async (tx) => {
    const before = await findUiFeature(tx, change.uuid);
    if (!before && !change.name) {
      throw notFound(`There is no UI feature "${change.uuid}". Give it a name to create it.`);
    }
    const values = { status: change.status, config: change.config, updatedAt: now };
    const [row] = before
      ? await tx
          .update(uiFeatures)
          .set({ ...values, ...(change.name ? { name: change.name } : {}) })
          .where(eq(uiFeatures.uuid, change.uuid))
          .returning()
      : await tx
          .insert(uiFeatures)
          .values({ uuid: change.uuid, name: change.name ?? change.uuid, ...values })
          .returning();
    await audit(tx, {
      actorId: actor.id,
      action: before ? 'ui-feature.update' : 'ui-feature.create',
      targetType: 'ui_feature',
      targetId: change.uuid,
      details: {
        before: before ? { status: before.status, config: before.config } : null,
        after: { status: row.status, config: row.config },
      },
      ip: actor.ip,
    });
    return row;
  });
}

/** The web app's configuration (`GET /registry/get?data=Config`). */
export async function loadConfigData(deps: Pick<Services, 'db' | 'config'>): Promise<ConfigData> {
  const rows = await deps.db
    .select()
    .from(uiFeatures)
    .where(inArray(uiFeatures.uuid, [UI_FEATURES.teamChat, UI_FEATURES.notFoundText]));
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  const notFoundFeature = byUuid.get(UI_FEATURES.notFoundText);
  const notFoundText = notFoundFeature?.config.text;
  const url = deps.config.publicUrl;
  return {
    legacyUrl: url,
    companyName: COMPANY_NAME,
    blendDomainURL: url,
    appDomainURL: url,
    captchaApiKey: deps.config.captcha ? CAPTCHA_CHALLENGE_PATH : null,
    isShowBlendTalkFeature: isUiFeatureOn(byUuid.get(UI_FEATURES.teamChat)),
    notFoundText:
      isUiFeatureOn(notFoundFeature) && typeof notFoundText === 'string' && notFoundText.trim() !== ''
        ? notFoundText
        : null,
    supportEmail: SUPPORT_EMAIL,
    blogUrl: deps.config.blogUrl,
  };
}

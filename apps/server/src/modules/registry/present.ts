import type { Country, Currency, Expertise, Language, SessionData, UiFeature } from '@parlance/shared';
import type { countries, expertises, languages } from '../../db/schema';
import type { SessionRow } from '../../platform/session';
import type { CurrencyRow, UiFeatureRow } from './service';

// Allowlist serializers of the registry answers.

/** Characters of the session hash that name the session publicly (see ADR 0005). */
const SID_REFERENCE_LENGTH = 16;

export function presentLanguage(row: typeof languages.$inferSelect): Language {
  return { id: row.id, slug: row.slug, name: row.name, iso: row.iso, flag: row.flag };
}

export function presentExpertise(row: typeof expertises.$inferSelect): Expertise {
  return { id: row.id, slug: row.slug, name: row.name };
}

export function presentCountry(row: typeof countries.$inferSelect): Country {
  return { code: row.code, name: row.name };
}

/** `rate` is units of the currency per 1 USD, for display only (amounts are integer credits). */
export function presentCurrency(row: CurrencyRow): Currency {
  return { code: row.code, symbol: row.symbol, name: row.name, rate: row.rateMicros / 1_000_000 };
}

export function presentUiFeature(row: UiFeatureRow): UiFeature {
  return { uuid: row.uuid, name: row.name, status: row.status, config: row.config };
}

/** The CSRF token and a public reference of the session; nulls without a session (guests, bearer calls). */
export function presentSession(session: SessionRow | null): SessionData {
  if (!session) return { CSRFToken: null, sid: null, voucher: null };
  return { CSRFToken: session.csrfToken, sid: session.idHash.slice(0, SID_REFERENCE_LENGTH), voucher: null };
}

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  configDataSchema,
  currencySchema,
  expertiseSchema,
  languageSchema,
  paymentInformationSchema,
  priceListSchema,
  purchaseOrderSchema,
  sessionDataSchema,
  upsalesSchema,
  userDataSchema,
} from '@parlance/shared';
import type { Services } from '../../platform/services';
import { isFirstVisit, presentUser } from '../../platform/present-user';
import { loadUserBarExtras } from '../../platform/user-bar';
import { loadPaymentInformation, loadUpsales } from '../cart/registry-kinds';
import { loadPriceList } from '../pricing/service';
import { loadPostResource, postResourceSchema } from '../resources/registry-kind';
import { loadPurchaseOrderForRegistry } from '../wizard/service';
import { presentCurrency, presentExpertise, presentLanguage, presentSession } from './present';
import { listCurrencies, listExpertises, listLanguages, loadConfigData } from './service';

// The kinds of `GET /registry/get?data=Kind`. Each kind names its answer schema (the allowlist of what
// is sent) and a loader that receives the request (its other query fields included). Later areas add
// their kinds (Price, PurchaseOrder, Upsales, PaymentInformation, PostResource) to REGISTRY_KINDS.

export interface RegistryContext {
  request: FastifyRequest;
  deps: Services;
  /** the whole query string, for kinds that take more than `data` (PurchaseOrder's pid ...) */
  query: Record<string, unknown>;
}

export interface RegistryKind<T> {
  results: z.ZodType<T>;
  load(ctx: RegistryContext): Promise<T>;
}

/** A kind with its answer type checked against its schema, stored in the table without it. */
export interface AnyRegistryKind {
  results: z.ZodType;
  load(ctx: RegistryContext): Promise<unknown>;
}

export function defineRegistryKind<T>(kind: RegistryKind<T>): AnyRegistryKind {
  return kind;
}

export const REGISTRY_KINDS: Readonly<Record<string, AnyRegistryKind>> = {
  User: defineRegistryKind({
    results: userDataSchema.nullable(),
    load: async ({ request, deps }) =>
      request.auth
        ? presentUser(request.auth, {
            ...(await loadUserBarExtras(deps.db, request.auth, request.session)),
            // while an admin acts as the user, it is not the user's visit
            firstVisit: !request.auth.admin && isFirstVisit(request.auth.user, request.session),
          })
        : null,
  }),
  Session: defineRegistryKind({
    results: sessionDataSchema,
    load: async ({ request }) => presentSession(request.session),
  }),
  Config: defineRegistryKind({
    results: configDataSchema,
    load: ({ deps }) => loadConfigData(deps),
  }),
  Language: defineRegistryKind({
    results: z.array(languageSchema),
    load: async ({ deps }) => (await listLanguages(deps.db)).map(presentLanguage),
  }),
  Expertise: defineRegistryKind({
    results: z.array(expertiseSchema),
    load: async ({ deps }) => (await listExpertises(deps.db)).map(presentExpertise),
  }),
  Currency: defineRegistryKind({
    results: z.array(currencySchema),
    load: async ({ deps }) => (await listCurrencies(deps.db)).map(presentCurrency),
  }),
  Price: defineRegistryKind({
    results: priceListSchema,
    load: ({ deps }) => loadPriceList(deps.db, deps.mt),
  }),
  PurchaseOrder: defineRegistryKind({
    results: purchaseOrderSchema,
    load: ({ request, deps, query }) => loadPurchaseOrderForRegistry(deps.db, request, query.pid),
  }),
  PaymentInformation: defineRegistryKind({
    results: paymentInformationSchema,
    load: loadPaymentInformation,
  }),
  Upsales: defineRegistryKind({
    results: upsalesSchema,
    load: loadUpsales,
  }),
  PostResource: defineRegistryKind({
    results: postResourceSchema,
    load: loadPostResource,
  }),
};

export function findRegistryKind(name: string): AnyRegistryKind | undefined {
  return Object.hasOwn(REGISTRY_KINDS, name) ? REGISTRY_KINDS[name] : undefined;
}

export function registryKindNames(): string[] {
  return Object.keys(REGISTRY_KINDS);
}

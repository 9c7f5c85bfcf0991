// Registry and config: reference data, the session and config of the web app, UI feature flags, help centre sign-in.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countrySchema, currencySchema, helpCenterAuthParamsSchema, TEXTS, uiFeatureSchema } from '@parlance/shared';
import { countryByIp } from '../../platform/geo';
import { badRequest } from '../../platform/errors';
import { requireUser } from '../../platform/guards';
import { staffMember } from '../../platform/permissions';
import { helpCenterAuthParams, helpCenterSignIn, HELP_CENTER_PATH } from './help-center';
import { findRegistryKind, registryKindNames } from './kinds';
import { presentCountry, presentCurrency, presentUiFeature } from './present';
import { findUiFeature, isUiFeatureOn, listCountries, listCurrencies, listUiFeatures, setUiFeature } from './service';

const TAGS = ['Registry'];

/** A JSON object, also when a form field carries it as a JSON string. */
const jsonObject = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      // not JSON: the schema below refuses the string with a 400
      return value;
    }
  },
  z.record(z.string(), z.unknown()),
);

export const registryRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/registry/get',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Reference data and state of the web app, by kind',
        description: `\`data\` is one of ${registryKindNames().join(', ')}. User is null and Session holds nulls for guests.`,
        querystring: z.looseObject({ data: z.string().min(1) }),
        response: { 200: z.object({ results: z.unknown() }) },
      },
    },
    async (request) => {
      const { data } = request.query;
      const kind = findRegistryKind(data);
      if (!kind) {
        throw badRequest(`Unknown data "${data}". Ask for one of ${registryKindNames().join(', ')}.`, {
          data: 'is not a known kind',
        });
      }
      const value = await kind.load({ request, deps, query: request.query });
      return { results: kind.results.parse(value) };
    },
  );

  app.get(
    '/api/2/currency',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Currencies with symbols and display rates (units per 1 USD)',
        response: { 200: z.object({ results: z.array(currencySchema) }) },
      },
    },
    async () => ({ results: (await listCurrencies(deps.db)).map(presentCurrency) }),
  );

  app.get(
    '/api/2/country/list',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Countries (ISO 3166 codes) by name',
        response: { 200: z.object({ results: z.array(countrySchema) }) },
      },
    },
    async () => ({ results: (await listCountries(deps.db)).map(presentCountry) }),
  );

  app.get(
    '/userService/getCountriesInfo',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: "Countries and the country of the caller's IP address (null when unknown or private)",
        response: { 200: z.object({ list: z.array(countrySchema), countryByIp: z.string().nullable() }) },
      },
    },
    async (request) => {
      const [list, byIp] = await Promise.all([listCountries(deps.db), countryByIp(request.ip)]);
      const known = byIp !== null && list.some((c) => c.code === byIp);
      return { list: list.map(presentCountry), countryByIp: known ? byIp : null };
    },
  );

  app.get(
    '/api/2/site/ui-feature/config/get',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'UI feature flags: all of them (data=UiFeature), or whether one is on (uuid)',
        description: 'With `uuid`, results is true when the flag has status 1 and config.enabled.',
        querystring: z.object({ data: z.string().optional(), uuid: z.string().min(1).max(100).optional() }),
        response: { 200: z.object({ results: z.union([z.boolean(), z.array(uiFeatureSchema)]) }) },
      },
    },
    async (request) => {
      const { data, uuid } = request.query;
      if (uuid !== undefined) return { results: isUiFeatureOn(await findUiFeature(deps.db, uuid)) };
      if (data === 'UiFeature') return { results: (await listUiFeatures(deps.db)).map(presentUiFeature) };
      throw badRequest('Ask for data=UiFeature (every flag) or uuid=<flag> (whether it is on)');
    },
  );

  app.post(
    '/api/2/site/ui-feature/config/set',
    {
      config: { access: 'settings.write' },
      schema: {
        tags: TAGS,
        summary: 'Change a UI feature flag (admins); with a name, create it',
        description:
          'JSON or form. `config` is an object (a JSON string in a form). The flag is on with status 1 and config.enabled true. The not-found page text is the flag "not-found-text" with config.text.',
        body: z.object({
          uuid: z
            .string()
            .trim()
            .regex(/^[a-z0-9][a-z0-9._-]{0,99}$/i, 'letters, digits, dots, hyphens and underscores'),
          status: z.coerce.number().int().min(0).max(1),
          config: jsonObject,
          name: z.string().trim().min(1).max(200).optional(),
        }),
        response: { 200: z.object({ results: uiFeatureSchema }) },
      },
    },
    async (request) => {
      const realUser = staffMember(request);
      const row = await setUiFeature(deps.db, request.body, { id: realUser.id, ip: request.ip }, deps.clock.now());
      return { results: presentUiFeature(row) };
    },
  );

  app.get(
    '/api/2/zendesk/auth-params',
    {
      // the token is a bearer token too: a bearer call may not mint a fresh one (it would never expire)
      config: { access: 'user', credentials: 'session', refusal: TEXTS.helpCenterNeedsSession },
      schema: {
        tags: ['Help centre'],
        summary: 'Where and with what to sign in to the help centre',
        description: `Post authParams as a form to zendeskAuthUrl (in a new tab); it redirects to ${HELP_CENTER_PATH}.`,
        response: { 200: z.object({ results: helpCenterAuthParamsSchema }) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return { results: await helpCenterAuthParams(deps.jwt, user.id, deps.clock.now()) };
    },
  );

  app.post(
    '/api/2/help-center/sso',
    {
      // The browser posts this as a plain form (no CSRF header); the signed token is the proof.
      config: { access: 'public', csrf: false, produces: ['redirect'] },
      schema: {
        tags: ['Help centre'],
        summary: 'Help centre sign-in: checks the token and redirects (303) to return_to',
        body: z.object({
          jwt: z.string().min(1).max(4000),
          return_to: z.string().max(2000).default(HELP_CENTER_PATH),
        }),
        // the token is unknown, expired or for someone else (registry/help-center.ts)
        response: { 401: z.object({ status: z.literal('ERROR'), message: z.string() }).passthrough() },
      },
    },
    async (request, reply) => {
      const target = await helpCenterSignIn(deps.jwt, request.body, deps.clock.now());
      return reply.redirect(target, 303);
    },
  );
};

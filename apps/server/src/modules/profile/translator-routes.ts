// Profile, translator side: languages, expertise, availability, bio, uploads, references, software
// and services, the sign-up walk-through, and the reference lists of the profile calls.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  aboutMeInputSchema,
  availabilityInputSchema,
  DELETE_REASONS,
  expertiseQuerySchema,
  INDUSTRY_LIST,
  languageInfoInputSchema,
  languagePairQuerySchema,
  profileWizardSchema,
  refereesInputSchema,
  SERVICE_LIST,
  SOFTWARE_LIST,
  softwareServicesInputSchema,
  translatorProfileSchema,
  UPLOAD_KINDS,
  type UploadKind,
} from '@parlance/shared';
import { aclGroups, expertises, userAclGroups } from '../../db/schema';
import { requireUser } from '../../platform/guards';
import type { AuthContext } from '../../platform/session';
import { authorize } from '../../platform/permissions';
import './policy';
import {
  addExpertise,
  addLanguagePair,
  getTranslatorProfile,
  profileWizard,
  removeExpertise,
  removeLanguagePair,
  setAboutMe,
  setAvailability,
  setExpertOnly,
  setLanguageInfo,
  setReferees,
  setSoftwareServices,
  timeZones,
} from './translator';
import { contentDisposition, deleteUpload, readableUpload, receiveUpload } from './uploads';

const tags = ['profile'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];
const MODEL_TRAINING_GROUP = 'role.model-training-expert';

function requireTranslator(request: FastifyRequest): AuthContext {
  const auth = requireUser(request);
  authorize(auth, 'profile.translator-sections', null);
  return auth;
}

const profileAnswer = z.object({ status: z.literal('OK'), profile: translatorProfileSchema });
const listAnswer = <T extends z.ZodTypeAny>(item: T) => z.object({ status: z.literal('OK'), list: z.array(item) });
const formFlag = z
  .union([z.boolean(), z.number(), z.string().max(10)])
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && /^(1|true|on|yes)$/i.test(v.trim())));

export const translatorProfileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const answer = async (auth: AuthContext) => ({
    status: 'OK' as const,
    profile: await getTranslatorProfile(deps, auth.user.id),
  });
  const isModelTrainingExpert = async (userId: number) => {
    const rows = await deps.db
      .select({ id: aclGroups.id })
      .from(userAclGroups)
      .innerJoin(aclGroups, eq(aclGroups.id, userAclGroups.groupId))
      .where(and(eq(userAclGroups.userId, userId), eq(aclGroups.name, MODEL_TRAINING_GROUP)));
    return rows.length > 0;
  };

  app.get(
    '/api/2/account/translator-profile',
    {
      config: { access: 'user' },
      schema: { summary: "The translator's profile sections", tags, response: { 200: profileAnswer } },
    },
    async (request) => answer(requireTranslator(request)),
  );

  app.get(
    '/api/2/profilewizard',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The sign-up walk-through of a translator: the steps, which are done, and the next one',
        tags,
        querystring: z.object({ flow: z.string().max(5).optional() }),
        response: { 200: z.object({ results: profileWizardSchema }) },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      return { results: await profileWizard(deps, auth.user.id, await isModelTrainingExpert(auth.user.id)) };
    },
  );

  app.post(
    '/userService/addLanguageInfo',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The native language (nativeLan, required) and a second native language (nativeLan2)',
        tags,
        consumes,
        body: languageInfoInputSchema,
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      await setLanguageInfo(deps, auth, request.body);
      return answer(auth);
    },
  );

  for (const [path, run, summary] of [
    ['/service/addLanguagePairToUserSkills', addLanguagePair, 'Add a language pair (source_id, target_id)'],
    ['/service/removeLanguagePairFromUserSkills', removeLanguagePair, 'Remove a language pair (source_id, target_id)'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'user', csrf: true },
        schema: {
          summary: `${summary}; needs the CSRF header`,
          tags,
          querystring: languagePairQuerySchema,
          response: { 200: profileAnswer },
        },
      },
      async (request) => {
        const auth = requireTranslator(request);
        await run(deps, auth, request.query.source_id, request.query.target_id);
        return answer(auth);
      },
    );
  }

  for (const [path, run, summary] of [
    ['/service/addExpertiseToUser', addExpertise, 'Add an expertise (expertise_id)'],
    ['/service/removeExpertiseForUser', removeExpertise, 'Remove an expertise (expertise_id)'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'user', csrf: true },
        schema: {
          summary: `${summary}; needs the CSRF header`,
          tags,
          querystring: expertiseQuerySchema,
          response: { 200: profileAnswer },
        },
      },
      async (request) => {
        const auth = requireTranslator(request);
        await run(deps, auth, request.query.expertise_id);
        return answer(auth);
      },
    );
  }

  app.post(
    '/userService/checkExpertOnlyFlag',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Whether the translator works only as a subject-matter expert (is_only_expert)',
        tags,
        consumes,
        body: z.object({ is_only_expert: formFlag }),
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      await setExpertOnly(deps, auth, request.body.is_only_expert);
      return answer(auth);
    },
  );

  app.post(
    '/userService/addAboutMeInfo',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The bio (about_me), at least 5 words',
        tags,
        consumes,
        body: aboutMeInputSchema,
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      await setAboutMe(deps, auth, request.body);
      return answer(auth);
    },
  );

  app.post(
    '/userService/addAvailabilityInfo',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Time zone (required) and vacation (vacation_from and vacation_to, both or neither)',
        tags,
        consumes,
        body: availabilityInputSchema,
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      await setAvailability(deps, auth, request.body);
      return answer(auth);
    },
  );

  app.post(
    '/userService/addRefereesInfo',
    {
      config: { access: 'user' },
      schema: {
        summary: 'One to three references (JSON: referees[] of name, email, company, relationship)',
        tags,
        body: refereesInputSchema,
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      await setReferees(deps, auth, request.body);
      return answer(auth);
    },
  );

  app.post(
    '/userService/saveSoftwareService',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The software and services the translator offers (JSON: software[], services[] from the lists)',
        tags,
        body: softwareServicesInputSchema,
        response: { 200: profileAnswer },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      await setSoftwareServices(deps, auth, request.body);
      return answer(auth);
    },
  );

  for (const kind of Object.keys(UPLOAD_KINDS) as UploadKind[]) {
    const rule = UPLOAD_KINDS[kind];
    app.post(
      `/service/${rule.path}`,
      {
        config: { access: 'user' },
        schema: {
          summary: `Upload the ${rule.label} (multipart, one file: ${rule.extensions.join(', ')}, at most ${rule.maxBytes / 1024 / 1024} MB)`,
          tags,
          response: { 200: profileAnswer },
        },
      },
      async (request) => {
        // the photo is everyone's; the documents are a translator's
        const auth = kind === 'avatar' ? requireUser(request) : requireTranslator(request);
        await receiveUpload(deps, request, auth, kind);
        if (auth.user.type !== 'translator') {
          return { status: 'OK' as const, profile: await getTranslatorProfile(deps, auth.user.id) };
        }
        return answer(auth);
      },
    );
  }

  const uploadParams = z.object({ id: z.coerce.number().int().positive() });

  app.get(
    '/api/2/account/uploads/:id',
    {
      config: { access: 'user', produces: ['*/*'] },
      schema: {
        summary: 'A profile file: its owner and admins (a photo: any signed-in user)',
        tags,
        params: uploadParams,
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const row = await readableUpload(deps, auth, request.params.id);
      const stream = await deps.storage.get(row.storageId);
      const image = row.mime.startsWith('image/');
      return reply
        .header('content-type', row.mime)
        .header('content-length', String(row.sizeBytes))
        .header('content-disposition', contentDisposition(image ? 'inline' : 'attachment', row.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send(stream);
    },
  );

  app.delete(
    '/api/2/account/uploads/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Remove one of your profile files',
        tags,
        params: uploadParams,
        response: { 200: z.object({ status: z.literal('OK') }) },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      await deleteUpload(deps, auth, request.params.id);
      return { status: 'OK' as const };
    },
  );

  // Reference lists (GET /userService/get...): the same for everyone, open to guests.
  const named = z.object({ id: z.string(), name: z.string() });
  const lists: [string, () => Promise<{ id: string; name: string }[]> | { id: string; name: string }[]][] = [
    ['getIndustry', () => INDUSTRY_LIST.map((name) => ({ id: name, name }))],
    [
      'getExpertise',
      async () =>
        (await deps.db.select().from(expertises).orderBy(expertises.sortOrder)).map((e) => ({
          id: String(e.id),
          name: e.name,
        })),
    ],
    ['getTimeZones', () => timeZones().map((tz) => ({ id: tz, name: tz.replace(/_/g, ' ') }))],
    ['getSoftware', () => SOFTWARE_LIST.map((name) => ({ id: name, name }))],
    ['getServices', () => SERVICE_LIST.map((name) => ({ id: name, name }))],
    ['getDeleteReasons', () => DELETE_REASONS.map((r) => ({ id: r.id, name: r.label }))],
  ];
  for (const [name, load] of lists) {
    app.get(
      `/userService/${name}`,
      {
        config: { access: 'public' },
        schema: { summary: `Reference list: ${name.slice(3)}`, tags, response: { 200: listAnswer(named) } },
      },
      async () => ({ status: 'OK' as const, list: await load() }),
    );
  }
};

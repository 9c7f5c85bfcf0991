// Voice-over: translators' audio samples (software and services) and the customers' /voice list.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VOICE_LIMITS, ownVoiceSampleSchema, voiceListQuerySchema, voiceListSchema } from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { authorize } from '../../platform/permissions';
import './policy';
import { contentDisposition } from './uploads';
import { deleteVoiceSample, listVoices, ownVoiceSamples, readableVoiceSample, receiveVoiceSample } from './voice';

const tags = ['voice'];
const ownAnswer = z.object({ status: z.literal('OK'), list: z.array(ownVoiceSampleSchema) });
const idParams = z.object({ id: z.coerce.number().int().positive() });

export const voiceRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  const requireTranslator = (request: Parameters<typeof requireUser>[0]) => {
    const auth = requireUser(request);
    authorize(auth, 'profile.translator-sections', null);
    return auth;
  };

  app.get(
    '/api/2/account/voice-samples',
    {
      config: { access: 'user' },
      schema: { summary: "The translator's own voice-over samples", tags, response: { 200: ownAnswer } },
    },
    async (request) => ({
      status: 'OK' as const,
      list: await ownVoiceSamples(deps, requireTranslator(request).user.id),
    }),
  );

  app.post(
    '/service/uploadVoiceSample',
    {
      config: { access: 'user', multipart: { file: 'file', fields: { language: 'the language slug of the sample' } } },
      schema: {
        summary: `Add a voice-over sample (multipart: language, a language slug, then one file: ${VOICE_LIMITS.extensions.join(', ')}, at most 10 MB); replaces the sample of that language. Needs the Voice-over service`,
        tags,
        querystring: z.object({ language: z.string().max(50).optional() }),
        response: { 200: ownAnswer },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      return { status: 'OK' as const, list: await receiveVoiceSample(deps, request, auth) };
    },
  );

  app.delete(
    '/api/2/account/voice-samples/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Remove one of your voice-over samples',
        tags,
        params: idParams,
        response: { 200: ownAnswer },
      },
    },
    async (request) => {
      const auth = requireTranslator(request);
      await deleteVoiceSample(deps, auth, request.params.id);
      return { status: 'OK' as const, list: await ownVoiceSamples(deps, auth.user.id) };
    },
  );

  app.get(
    '/api/2/voices',
    {
      config: { access: 'customer' },
      schema: {
        summary:
          'Voices for voice-over (customers): samples of translators offering Voice-over, newest first; language narrows, page and perPage (12, 24, 48) page',
        tags,
        querystring: voiceListQuerySchema,
        response: { 200: voiceListSchema },
      },
    },
    async (request) => listVoices(deps, requireUser(request).user.id, request.query),
  );

  app.get(
    '/api/2/voices/:id/sample',
    {
      config: { access: 'user', produces: ['audio/*'] },
      schema: {
        summary: 'The audio of a voice sample: its translator, customers while the voice is listed, and admins',
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      const row = await readableVoiceSample(deps, requireUser(request), request.params.id);
      const stream = await deps.storage.get(row.storageId);
      return reply
        .header('content-type', row.mime)
        .header('content-length', String(row.sizeBytes))
        .header('content-disposition', contentDisposition('inline', row.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send(stream);
    },
  );
};

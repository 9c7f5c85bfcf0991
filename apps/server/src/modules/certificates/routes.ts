// Certificates of translation accuracy (ADR 0090): the public check by number, the project's
// certificate and its PDF for the project's people, and the admin's revocation.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CERTIFICATE_TEXTS,
  certificatePublicSchema,
  certificateRevokeSchema,
  projectCertificateSchema,
} from '@parlance/shared';
import { requireUser } from '../../platform/guards';
import { staffMember } from '../../platform/permissions';
import { requireViewing } from '../projects/service';
import { renderCertificatePdf } from './certificate-pdf';
import {
  certificateNotFound,
  findCertificateByNumber,
  findCertificateOfProject,
  presentProjectCertificate,
  presentPublicCertificate,
  revokeCertificate,
  verifyUrlOf,
} from './service';

const TAGS = ['Certificates'];
const idParams = z.object({ id: z.coerce.number().int().positive() });
const numberParams = z.object({ number: z.string().max(40) });
const notFoundAnswer = z.object({ message: z.literal(CERTIFICATE_TEXTS.notFound) });

/** People who see the project's files see its certificate: its customer, translator, editor, staff. */
const SEES_CERTIFICATE = new Set(['customer', 'translator', 'editor', 'admin', 'staff']);

export const certificateRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  /** The project's certificate for one of its people (outsiders: the project's 404). */
  async function certificateOfViewer(request: FastifyRequest, projectId: number) {
    const { role } = await requireViewing(deps.db, requireUser(request), projectId, deps.clock.now());
    if (!SEES_CERTIFICATE.has(role)) throw certificateNotFound();
    return findCertificateOfProject(deps.db, projectId);
  }

  app.get(
    '/api/2/certificates/:number',
    {
      config: { access: 'public', rateLimit: { max: deps.config.apiRateLimit, timeWindow: 60_000 } },
      schema: {
        tags: TAGS,
        summary:
          'Verify a certificate of translation accuracy by its number: what it certifies (languages, file names and SHA-256) and whether it is valid or revoked',
        params: numberParams,
        response: { 200: certificatePublicSchema, 404: notFoundAnswer },
      },
    },
    async (request) => {
      const row = await findCertificateByNumber(deps.db, request.params.number);
      if (!row) throw certificateNotFound();
      return presentPublicCertificate(deps.db, row);
    },
  );

  app.get(
    '/api/2/projects/:id/certificate',
    {
      config: { access: 'user' },
      schema: {
        tags: TAGS,
        summary: "The project's certificate of translation accuracy (null before it is issued)",
        params: idParams,
        response: { 200: projectCertificateSchema },
      },
    },
    async (request) =>
      presentProjectCertificate(deps.db, await certificateOfViewer(request, request.params.id), deps.config.publicUrl),
  );

  app.get(
    '/api/2/projects/:id/certificate/pdf',
    {
      config: { access: 'user', produces: ['application/pdf'] },
      schema: {
        tags: TAGS,
        summary: "The project's certificate of translation accuracy as a PDF",
        params: idParams,
      },
    },
    async (request, reply) => {
      const row = await certificateOfViewer(request, request.params.id);
      if (!row) throw certificateNotFound();
      const pdf = await renderCertificatePdf(
        await presentPublicCertificate(deps.db, row),
        verifyUrlOf(deps.config.publicUrl, row.number),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${row.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/2/admin/certificates/:number/revoke',
    {
      config: { access: 'projects.write' },
      schema: {
        tags: TAGS,
        summary: 'Admin: revoke a certificate with a reason (audited; revoking again answers as the first time)',
        params: numberParams,
        body: certificateRevokeSchema,
        response: { 200: projectCertificateSchema },
      },
    },
    async (request) => {
      const user = staffMember(request);
      const row = await deps.db.transaction((tx) =>
        revokeCertificate(tx, request.params.number, {
          actorId: user.id,
          ip: request.ip,
          now: deps.clock.now(),
          reason: request.body.reason,
        }),
      );
      return presentProjectCertificate(deps.db, row, deps.config.publicUrl);
    },
  );
};

import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { MailMessage } from '../../platform/mail';
import { renderCertificatePdf } from './certificate-pdf';
import { findCertificateOfProject, presentPublicCertificate, verifyUrlOf } from './service';

// The customer's mail with the certificate attached, made in the completing transaction and sent
// after its commit (like every project mail). The translator's signed statement is the "project
// signed" of the mailing preferences (ADR 0097): the project_signed switch governs this mail; the
// certificate itself stays on the project page and at its verification address either way.

export async function certificateMails(
  tx: Tx,
  publicUrl: string,
  project: { id: number; name: string; customerId: number; certificate: boolean },
): Promise<MailMessage[]> {
  if (!project.certificate) return [];
  const row = await findCertificateOfProject(tx, project.id);
  if (!row) return [];
  const [customer] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, project.customerId));
  if (!customer) return [];
  const verifyUrl = verifyUrlOf(publicUrl, row.number);
  const pdf = await renderCertificatePdf(await presentPublicCertificate(tx, row), verifyUrl);
  return [
    {
      to: customer.email,
      preference: { userId: project.customerId, flag: 'project_signed' },
      subject: `Certificate of translation accuracy for "${project.name}"`,
      text: `Hello ${customer.name},\n\nThe certificate of translation accuracy for your project "${project.name}" is attached (number ${row.number}).\nAnybody can check it, and the SHA-256 of each translated file, here: ${verifyUrl}\nYou can also download it from the project page: ${publicUrl}/project/${project.id}\n`,
      attachments: [{ filename: `${row.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    },
  ];
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { CERTIFICATE_LIMITS, type ProjectDetail } from '@parlance/shared';
import { useState } from 'react';
import { messageOf } from '../../../app/http';
import { usePermission } from '../../../app/current-user';
import { formatDate } from '../../../ui/format';
import { FormDialog } from '../../../ui/FormDialog';
import { Section } from '../../projects/components/Section';
import { useProjectCertificate, useRevokeCertificate } from '../api';
import { CertificateFiles } from './CertificateFiles';

const SEES_CERTIFICATE = new Set(['customer', 'translator', 'editor', 'admin', 'staff']);

/**
 * The certificate of a project ordered with one: the PDF to download and the public check, once the
 * project completed; staff with projects.write revoke it here.
 */
export function ProjectCertificateSection({ project }: { project: ProjectDetail }) {
  const visible = project.certificate && SEES_CERTIFICATE.has(project.viewerRole);
  const query = useProjectCertificate(project.id, visible && project.status === 'COMPLETED');
  const canRevoke = usePermission('projects.write') && project.viewerRole === 'admin';
  const [revoking, setRevoking] = useState(false);
  if (!visible) return null;
  const c = query.data;
  return (
    <Section title="Certificate of translation accuracy">
      {project.status !== 'COMPLETED' || (query.isSuccess && !c) ? (
        <Typography variant="body2" color="text.secondary">
          The certificate is issued when the project completes.
        </Typography>
      ) : query.isPending ? (
        <Typography variant="body2" color="text.secondary">
          Loading the certificate…
        </Typography>
      ) : query.isError ? (
        <Alert severity="error">{messageOf(query.error)}</Alert>
      ) : c ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {c.status === 'revoked' ? (
            <Alert severity="error">
              Revoked on {formatDate(c.revokedAt)}
              {c.revokeReason ? `: ${c.revokeReason}` : '.'}
            </Alert>
          ) : (
            <Typography variant="body2">
              Certificate <strong>{c.number}</strong>, issued {formatDate(c.issuedAt)}.
            </Typography>
          )}
          <CertificateFiles files={c.files} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Button variant="contained" href={c.pdfUrl} download={`${c.number}.pdf`}>
              Download certificate
            </Button>
            <Link href={c.verifyUrl} target="_blank" rel="noopener" variant="body2">
              Public verification page
            </Link>
            {canRevoke && c.status === 'valid' && (
              <Button color="error" variant="outlined" onClick={() => setRevoking(true)}>
                Revoke certificate
              </Button>
            )}
          </Box>
          {canRevoke && (
            <RevokeDialog open={revoking} projectId={project.id} number={c.number} onClose={() => setRevoking(false)} />
          )}
        </Box>
      ) : null}
    </Section>
  );
}

function RevokeDialog(props: { open: boolean; projectId: number; number: string; onClose: () => void }) {
  const revoke = useRevokeCertificate(props.projectId);
  const [reason, setReason] = useState('');
  const close = () => {
    revoke.reset();
    setReason('');
    props.onClose();
  };
  return (
    <FormDialog
      open={props.open}
      onClose={close}
      busy={revoke.isPending}
      title={`Revoke certificate ${props.number}`}
      submitLabel="Revoke"
      error={revoke.isError ? messageOf(revoke.error) : null}
      onSubmit={() => revoke.mutate({ number: props.number, reason }, { onSuccess: close })}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        Anybody who checks the certificate will see that it was revoked, and when. The reason stays with Parlance.
      </Typography>
      <Field
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        required
        slotProps={{ htmlInput: { maxLength: CERTIFICATE_LIMITS.revokeReasonMax } }}
      />
    </FormDialog>
  );
}

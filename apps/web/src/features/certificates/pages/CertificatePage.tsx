import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { CERTIFICATE_TEXTS, type CertificatePublic } from '@parlance/shared';
import { type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { HttpError } from '../../../app/http';
import { formatDate } from '../../../ui/format';
import { PageContainer } from '../../../ui/PageContainer';
import { usePublicCertificate } from '../api';
import { CertificateFiles } from '../components/CertificateFiles';
import { DetailsList } from '../../../ui/DetailsList';

// /certificate/{number} (ADR 0090): anybody — a court clerk, a university — checks a certificate
// of translation accuracy: what it certifies, whether it still holds, and the SHA-256 of each file
// to compare with the files they were given. Nothing is uploaded: a pasted hash is compared here.

export default function CertificatePage() {
  const number = useParams().number ?? '';
  const certificate = usePublicCertificate(number);
  let body: ReactNode;
  if (certificate.isPending) {
    body = (
      <Box role="status" aria-busy="true" aria-label="Loading the certificate">
        <Skeleton variant="rounded" height={72} sx={{ mb: 3 }} />
        <Skeleton variant="rounded" height={280} />
      </Box>
    );
  } else if (certificate.isError) {
    const unknown = certificate.error instanceof HttpError && certificate.error.status === 404;
    body = unknown ? (
      <Typography data-testid="certificate-unknown">{CERTIFICATE_TEXTS.notFound}</Typography>
    ) : (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void certificate.refetch()}>
            Try again
          </Button>
        }
      >
        {certificate.error.message}
      </Alert>
    );
  } else {
    body = <CertificateView certificate={certificate.data} />;
  }
  return (
    <PageContainer
      title="Certificate verification"
      subtitle={
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {number}
        </Box>
      }
      narrow
    >
      {body}
    </PageContainer>
  );
}

function CertificateView({ certificate: c }: { certificate: CertificatePublic }) {
  const rows: [string, string][] = [
    ['Certificate number', c.number],
    ['Languages', `${c.sourceLanguage} → ${c.targetLanguage}`],
    ['Translator', c.translatorName],
    ['Reference', c.projectReference],
    ['Issued', formatDate(c.issuedAt)],
  ];
  if (c.revokedAt) rows.push(['Revoked', formatDate(c.revokedAt)]);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {c.status === 'valid' ? (
        <Alert severity="success" data-testid="certificate-status">
          <AlertTitle>Valid certificate</AlertTitle>
          Parlance issued this certificate on {formatDate(c.issuedAt)} and it has not been revoked.
        </Alert>
      ) : (
        <Alert severity="error" data-testid="certificate-status">
          <AlertTitle>Revoked certificate</AlertTitle>
          This certificate was revoked on {formatDate(c.revokedAt)}. It no longer certifies the translation.
        </Alert>
      )}
      <Panel title="What it certifies">
        <DetailsList rows={rows} labelWidth={170} stacked />
        <Typography variant="body2" sx={{ mt: 2, fontStyle: 'italic' }}>
          “{c.statement}”
        </Typography>
      </Panel>
      <Panel title="Translated files">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Each file's SHA-256 fingerprint changes if a single byte of the file changes. Compute the fingerprint of the
          file you were given (for example with <code>sha256sum</code>, or <code>certutil -hashfile FILE SHA256</code>{' '}
          on Windows) and compare it with the one below.
        </Typography>
        <CertificateFiles files={c.files} />
        <CompareHash files={c.files} />
      </Panel>
    </Box>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Paste a fingerprint: says which certified file it matches, if any. */
function CompareHash({ files }: { files: CertificatePublic['files'] }) {
  const [value, setValue] = useState('');
  const hash = value.trim().toLowerCase();
  let result: ReactNode = null;
  if (hash !== '') {
    if (!/^[0-9a-f]{64}$/.test(hash)) {
      result = <Alert severity="warning">{CERTIFICATE_TEXTS.hashInvalid}</Alert>;
    } else {
      const match = files.find((f) => f.sha256 === hash);
      result = match ? (
        <Alert severity="success">Matches “{match.name}”.</Alert>
      ) : (
        <Alert severity="error">Matches no file of this certificate.</Alert>
      );
    }
  }
  return (
    <Box sx={{ mt: 3, display: 'grid', gap: 1.5 }}>
      <Field
        label="Compare a SHA-256"
        placeholder="Paste the fingerprint of your file"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } } }}
      />
      <Box role="status" aria-live="polite">
        {result}
      </Box>
    </Box>
  );
}

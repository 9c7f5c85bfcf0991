import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CertificatePublic } from '@parlance/shared';
import { formatBytes } from '../../../ui/format';

/** The certified files: name, size and SHA-256, one block each (long hashes wrap on phones). */
export function CertificateFiles({ files }: { files: CertificatePublic['files'] }) {
  if (files.length === 0) return <Typography variant="body2">No delivered file.</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {files.map((f) => (
        <Box component="li" key={`${f.name}-${f.sha256}`} data-testid="certified-file">
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {f.name}{' '}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
              ({formatBytes(f.size)})
            </Typography>
          </Typography>
          <Typography
            variant="body2"
            component="code"
            aria-label={`SHA-256 of ${f.name}`}
            sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', wordBreak: 'break-all' }}
          >
            {f.sha256}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

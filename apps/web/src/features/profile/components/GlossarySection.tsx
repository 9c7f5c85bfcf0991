import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { GLOSSARY_EXTENSIONS, GLOSSARY_MAX_BYTES, type GlossaryFile, LANGUAGE_ASSET_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { formatBytes, formatDate } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { glossaryQuery, useDeleteGlossary, useUploadGlossary } from '../language-assets-api';
import { FilePickButton } from './FilePickButton';
import { SectionCard, SectionState } from './SectionCard';
import { TablePager } from '../../../ui/TablePager';

const PAGE_SIZE = 10;

/** #glossary: reference files for translators, kept as they are (only their owner sees them). */
export function GlossarySection({ userId }: { userId: number }) {
  const [page, setPage] = useState(0);
  const files = useQuery(glossaryQuery(userId, page + 1, PAGE_SIZE));
  const upload = useUploadGlossary(userId);
  const remove = useDeleteGlossary(userId);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File) => {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    const local = !(GLOSSARY_EXTENSIONS as readonly string[]).includes(ext)
      ? LANGUAGE_ASSET_TEXTS.glossaryWrongType
      : file.size > GLOSSARY_MAX_BYTES
        ? LANGUAGE_ASSET_TEXTS.glossaryTooBig
        : null;
    setError(local);
    if (local) return;
    try {
      const answer = await upload.mutateAsync(file);
      toast(answer.message, { variant: 'success' });
    } catch (err) {
      setError(messageOf(err, 'The upload failed.'));
    }
  };

  const columns: ListColumn<GlossaryFile>[] = [
    {
      key: 'name',
      header: 'File',
      card: 'title',
      cell: (f) => (
        <a href={f.downloadUrl} download={f.fileName}>
          {f.fileName}
        </a>
      ),
    },
    { key: 'size', header: 'Size', cell: (f) => formatBytes(f.sizeBytes) },
    { key: 'date', header: 'Uploaded', cell: (f) => formatDate(f.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      label: '',
      cell: (f) => (
        <Button
          size="small"
          color="error"
          aria-label={`Delete ${f.fileName}`}
          disabled={remove.isPending}
          onClick={() =>
            void remove
              .mutateAsync(f.id)
              .then((a) => toast(a.message, { variant: 'success' }))
              .catch((err) => toast(messageOf(err, 'Could not delete.'), { variant: 'error' }))
          }
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <SectionCard title="Glossary Files" intro="Glossaries and style references for your translators.">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <FilePickButton
            label={upload.isPending ? 'Uploading…' : 'Upload glossary'}
            accept={GLOSSARY_EXTENSIONS.map((e) => `.${e}`).join(',')}
            testId="glossary-file"
            disabled={upload.isPending}
            onFile={(f) => void onFile(f)}
          />
          <Typography variant="body2" color="text.secondary">
            {GLOSSARY_EXTENSIONS.join(', ').toUpperCase()} · up to 20 MB
          </Typography>
        </Stack>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <SectionState loading={files.isPending} error={files.error} />
        {files.data && files.data.totalCount === 0 && (
          <Typography color="text.secondary">You have no glossary files yet.</Typography>
        )}
        {files.data && files.data.totalCount > 0 && (
          <Box>
            <ResponsiveTable
              rows={files.data.results}
              columns={columns}
              rowKey={(f) => f.id}
              label="Your glossary files"
              loading={files.isFetching}
            />
            <TablePager
              component="div"
              count={files.data.totalCount}
              page={page}
              onPageChange={(_, next) => setPage(next)}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
            />
          </Box>
        )}
      </Stack>
    </SectionCard>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { LANGUAGE_ASSET_TEXTS, TMX_MAX_BYTES, type TmImport } from '@parlance/shared';
import { useState } from 'react';
import { formatDate } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { tmImportsQuery, tmLanguagesQuery, useDeleteTmImport, useImportTmx } from '../language-assets-api';
import { FilePickButton } from './FilePickButton';
import { SectionCard, SectionState } from './SectionCard';
import { SharedMemoryGroups } from './SharedMemoryGroups';
import { TablePager } from '../../../ui/TablePager';

const PAGE_SIZE = 10;

/** #translation_memory: TMX imports, the memory's languages, its download, and who it is shared with. */
export function TranslationMemorySection({ userId }: { userId: number }) {
  const [page, setPage] = useState(0);
  const languages = useQuery(tmLanguagesQuery);
  const imports = useQuery(tmImportsQuery(page + 1, PAGE_SIZE));
  const importer = useImportTmx();
  const remove = useDeleteTmImport();
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File) => {
    const local = !file.name.toLowerCase().endsWith('.tmx')
      ? LANGUAGE_ASSET_TEXTS.tmxWrongType
      : file.size > TMX_MAX_BYTES
        ? LANGUAGE_ASSET_TEXTS.tmxTooBig
        : null;
    setError(local);
    if (local) return;
    try {
      const answer = await importer.mutateAsync(file);
      toast(`${answer.message}: ${answer.results.unitCount.toLocaleString('en-US')} units`, { variant: 'success' });
    } catch (err) {
      setError(messageOf(err, 'The import failed.'));
    }
  };

  const columns: ListColumn<TmImport>[] = [
    { key: 'file', header: 'File', card: 'title', cell: (i) => i.fileName },
    { key: 'units', header: 'Units', align: 'right', cell: (i) => i.unitCount.toLocaleString('en-US') },
    { key: 'langs', header: 'Languages', cell: (i) => i.languages.join(', ') },
    { key: 'date', header: 'Imported', cell: (i) => formatDate(i.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      label: '',
      cell: (i) => (
        <Button
          size="small"
          color="error"
          aria-label={`Delete import ${i.fileName}`}
          disabled={remove.isPending}
          onClick={() =>
            void remove
              .mutateAsync(i.id)
              .then((a) => toast(a.message, { variant: 'success' }))
              .catch((err) => toast(messageOf(err, 'Could not delete.'), { variant: 'error' }))
          }
        >
          Delete
        </Button>
      ),
    },
  ];

  const hasMemory = (languages.data?.length ?? 0) > 0;

  return (
    <Stack spacing={3}>
      <SectionCard
        title="Translation Memory"
        intro="Import TMX files from your CAT tool; translators in your groups can download the memory from your projects."
      >
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <FilePickButton
              label={importer.isPending ? 'Importing…' : 'Import TMX'}
              accept=".tmx"
              testId="tmx-file"
              disabled={importer.isPending}
              onFile={(f) => void onFile(f)}
            />
            {hasMemory && (
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                href="/tmx/getTMX"
                download="translation-memory.tmx"
              >
                Download as TMX
              </Button>
            )}
          </Stack>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <SectionState loading={languages.isPending} error={languages.error} />
          {languages.data && !hasMemory && (
            <Typography color="text.secondary">{LANGUAGE_ASSET_TEXTS.tmxEmpty}.</Typography>
          )}
          {hasMemory && (
            <Box>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                Languages
              </Typography>
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} aria-label="Memory languages">
                {languages.data?.map((l) => (
                  <Chip key={l.code} label={`${l.name} (${l.code}) · ${l.segments.toLocaleString('en-US')}`} />
                ))}
              </Stack>
            </Box>
          )}
          <SectionState loading={imports.isPending} error={imports.error} />
          {imports.data && imports.data.totalCount > 0 && (
            <Box>
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                Imports
              </Typography>
              <ResponsiveTable
                rows={imports.data.results}
                columns={columns}
                rowKey={(i) => i.id}
                label="Your TMX imports"
                loading={imports.isFetching}
              />
              <TablePager
                component="div"
                count={imports.data.totalCount}
                page={page}
                onPageChange={(_, next) => setPage(next)}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[PAGE_SIZE]}
              />
            </Box>
          )}
        </Stack>
      </SectionCard>
      <SharedMemoryGroups userId={userId} />
    </Stack>
  );
}

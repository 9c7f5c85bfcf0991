import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useQuery } from '@tanstack/react-query';
import {
  LANGUAGE_ASSET_TEXTS,
  TERMINOLOGY_EXTENSIONS,
  TERMINOLOGY_MAX_BYTES,
  type TerminologySet,
  type TerminologyTerm,
} from '@parlance/shared';
import { useState } from 'react';
import { HttpError } from '../../../app/http';
import { formatDate } from '../../../ui/format';
import { type ListColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { toast } from '../../../ui/toast';
import { useNames } from '../../../ui/use-names';
import { messageOf } from '../api';
import { termsQuery, terminologyListQuery, useDeleteTerminology, useImportTerminology } from '../language-assets-api';
import { LanguagePicker } from './LanguagePicker';
import { SectionCard, SectionState } from './SectionCard';
import { TablePager } from '../../../ui/TablePager';

const PAGE_SIZE = 10;
const TERMS_PAGE = 25;

/** #terminology: terminology per language pair (CSV, XLSX or TBX), with a confirmation before a pair's set is replaced. */
export function TerminologySection() {
  const { languages } = useNames();
  const [page, setPage] = useState(0);
  const list = useQuery(terminologyListQuery(page + 1, PAGE_SIZE));
  const importer = useImportTerminology();
  const remove = useDeleteTerminology();
  const [srcLang, setSrcLang] = useState<string | null>(null);
  const [tarLang, setTarLang] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [viewing, setViewing] = useState<TerminologySet | null>(null);
  const [deleting, setDeleting] = useState<TerminologySet | null>(null);

  const localError = (): string | null => {
    if (!srcLang) return LANGUAGE_ASSET_TEXTS.chooseSource;
    if (!tarLang) return LANGUAGE_ASSET_TEXTS.chooseTarget;
    if (srcLang === tarLang) return LANGUAGE_ASSET_TEXTS.samePair;
    if (!file) return LANGUAGE_ASSET_TEXTS.chooseFile;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(TERMINOLOGY_EXTENSIONS as readonly string[]).includes(ext)) return LANGUAGE_ASSET_TEXTS.terminologyWrongType;
    if (file.size > TERMINOLOGY_MAX_BYTES) return LANGUAGE_ASSET_TEXTS.terminologyTooBig;
    return null;
  };

  const submit = async (replace: boolean) => {
    const local = localError();
    setError(local);
    if (local || !srcLang || !tarLang || !file) return;
    try {
      const answer = await importer.mutateAsync({ srcLang, tarLang, replace, file });
      setConfirmReplace(false);
      setFile(null);
      toast(`${answer.message}: ${answer.results.termCount} terms`, { variant: 'success' });
    } catch (err) {
      if (err instanceof HttpError && err.status === 409) {
        setConfirmReplace(true);
        return;
      }
      setConfirmReplace(false);
      setError(messageOf(err, 'The import failed.'));
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync([deleting.id]);
      toast(answer.message, { variant: 'success' });
      if (list.data && list.data.results.length === 1 && page > 0) setPage(page - 1);
    } catch (err) {
      toast(messageOf(err, 'Could not delete.'), { variant: 'error' });
    }
    setDeleting(null);
  };

  const columns: ListColumn<TerminologySet>[] = [
    { key: 'pair', header: 'Language pair', card: 'title', cell: (s) => `${s.srcLang.name} → ${s.tarLang.name}` },
    { key: 'file', header: 'File', cell: (s) => s.fileName },
    { key: 'terms', header: 'Terms', align: 'right', cell: (s) => s.termCount.toLocaleString('en-US') },
    { key: 'date', header: 'Imported', cell: (s) => formatDate(s.createdAt) },
    {
      key: 'actions',
      header: 'Actions',
      label: '',
      cell: (s) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => setViewing(s)} aria-label={`View ${s.srcLang.name} → ${s.tarLang.name}`}>
            View
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(s)}
            aria-label={`Delete ${s.srcLang.name} → ${s.tarLang.name}`}
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <SectionCard
      title="Terminology"
      intro="Terms translators must use, one list per language pair. Import a CSV or XLSX file (source term, target term, optional note) or a TBX file."
    >
      <Stack spacing={3}>
        <Box
          component="form"
          aria-label="Import terminology"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(false);
          }}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <LanguagePicker label="Source language" languages={languages} value={srcLang} onChange={setSrcLang} />
            <LanguagePicker label="Target language" languages={languages} value={tarLang} onChange={setTarLang} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
            <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
              Choose file
              <input
                hidden
                type="file"
                data-testid="terminology-file"
                accept={TERMINOLOGY_EXTENSIONS.map((e) => `.${e}`).join(',')}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  e.target.value = '';
                }}
              />
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1, wordBreak: 'break-all' }}>
              {file ? file.name : 'CSV, XLSX or TBX · up to 10 MB'}
            </Typography>
            <Button type="submit" variant="contained" disabled={importer.isPending}>
              {importer.isPending ? 'Importing…' : 'Import'}
            </Button>
          </Stack>
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </Box>

        <SectionState loading={list.isPending} error={list.error} />
        {list.data && list.data.totalCount === 0 && (
          <Typography color="text.secondary">You have no terminology yet. Import a file above.</Typography>
        )}
        {list.data && list.data.totalCount > 0 && (
          <Box>
            <ResponsiveTable
              rows={list.data.results}
              columns={columns}
              rowKey={(s) => s.id}
              label="Your terminology"
              loading={list.isFetching}
              rowProps={(s) => ({ 'data-pair': `${s.srcLang.slug}:${s.tarLang.slug}` })}
            />
            <TablePager
              component="div"
              count={list.data.totalCount}
              page={page}
              onPageChange={(_, next) => setPage(next)}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
            />
          </Box>
        )}
      </Stack>

      <Dialog open={confirmReplace} onClose={() => setConfirmReplace(false)} aria-labelledby="replace-terms-title">
        <DialogTitle id="replace-terms-title">Replace terminology?</DialogTitle>
        <DialogContent>
          <DialogContentText>{LANGUAGE_ASSET_TEXTS.terminologyExists}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmReplace(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void submit(true)} disabled={importer.isPending}>
            Replace
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-terms-title">
        <DialogTitle id="delete-terms-title">Delete terminology?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting &&
              `The ${deleting.termCount} terms for ${deleting.srcLang.name} → ${deleting.tarLang.name} will be deleted.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void onDelete()} disabled={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>

      {viewing && <TermsDialog set={viewing} onClose={() => setViewing(null)} />}
    </SectionCard>
  );
}

function TermsDialog({ set, onClose }: { set: TerminologySet; onClose: () => void }) {
  const [page, setPage] = useState(0);
  const terms = useQuery(termsQuery(set.srcLang.slug, set.tarLang.slug, page + 1, TERMS_PAGE));
  const columns: ListColumn<TerminologyTerm & { n: number }>[] = [
    { key: 'source', header: set.srcLang.name, card: 'title', cell: (t) => t.source },
    { key: 'target', header: set.tarLang.name, cell: (t) => t.target },
    { key: 'note', header: 'Note', cell: (t) => t.note || '—' },
  ];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="terms-title">
      <DialogTitle id="terms-title">
        {set.srcLang.name} → {set.tarLang.name}
      </DialogTitle>
      <DialogContent>
        <SectionState loading={terms.isPending} error={terms.error} />
        {terms.data && (
          <>
            <ResponsiveTable
              rows={terms.data.terms.map((t, i) => ({ ...t, n: page * TERMS_PAGE + i }))}
              columns={columns}
              rowKey={(t) => t.n}
              label={`Terms ${set.srcLang.name} to ${set.tarLang.name}`}
              loading={terms.isFetching}
            />
            <TablePager
              component="div"
              count={terms.data.totalCount}
              page={page}
              onPageChange={(_, next) => setPage(next)}
              rowsPerPage={TERMS_PAGE}
              rowsPerPageOptions={[TERMS_PAGE]}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

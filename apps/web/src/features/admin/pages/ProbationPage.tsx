import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { PROBATION_GRADUATION, PROBATION_TEXTS, type ProbationParams, STAFF_TEXTS } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { useProbationParams, useSaveProbation } from '../backoffice-api';
import { AdminPageLayout } from '../components/AdminPageLayout';

type Draft = Record<keyof ProbationParams, string>;

const LIST_FIELDS = ['cat_vendors', 'excluded_clients', 'excluded_translators', 'project_types'] as const;

function toDraft(p: ProbationParams): Draft {
  return {
    min_rating: String(p.min_rating),
    min_wordcount: String(p.min_wordcount),
    max_wordcount: p.max_wordcount === null ? '' : String(p.max_wordcount),
    max_years: String(p.max_years),
    cat_vendors: p.cat_vendors.join(', '),
    excluded_clients: p.excluded_clients.join(', '),
    excluded_translators: p.excluded_translators.join(', '),
    project_types: p.project_types.join(', '),
  };
}

const split = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const LABELS: Record<keyof ProbationParams, [string, string]> = {
  min_rating: ['Minimum rating', 'Average rating (1–5) needed to leave probation'],
  min_wordcount: ['Minimum word count', 'Smallest project offered on probation'],
  max_wordcount: ['Maximum word count', 'Largest project offered; empty: no limit'],
  max_years: ['Maximum years', 'Probation ends at the latest this many years after joining'],
  cat_vendors: [
    'CAT vendors',
    'CAT tools (comma-separated, e.g. memoQ); on probation one must be in the profile; empty: none',
  ],
  excluded_clients: ['Excluded clients', 'Customer ids (comma-separated) never offered on probation'],
  excluded_translators: ['Excluded translators', 'Translator ids (comma-separated) never on probation'],
  project_types: ['Project types', 'Comma-separated, e.g. translation, proofreading; empty: all types'],
};

/** /admin/probation: the probation parameters of matching; language managers change them. */
export default function ProbationPage() {
  const params = useProbationParams();
  const save = useSaveProbation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState(false);
  const canWrite = params.data?.canWrite === true;

  useEffect(() => {
    if (params.data && draft === null) setDraft(toDraft(params.data.results));
  }, [params.data, draft]);

  const submit = () => {
    if (!draft) return;
    setSaved(false);
    const body = {
      ...draft,
      max_wordcount: draft.max_wordcount.trim() === '' ? null : draft.max_wordcount.trim(),
      ...Object.fromEntries(LIST_FIELDS.map((f) => [f, split(draft[f])])),
    };
    save.mutate(body as unknown as ProbationParams, {
      onSuccess: (a) => {
        setDraft(toDraft(a.results));
        setSaved(true);
      },
    });
  };
  const fieldErrors = (save.error as { body?: { errors?: Record<string, string> } } | null)?.body?.errors ?? {};

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        Translators who joined less than the given years ago are on probation until they complete{' '}
        {PROBATION_GRADUATION.projects} projects with at least the minimum average rating. Meanwhile matching offers
        them only projects within the word-count range and project types, never projects of excluded clients.
      </Typography>
      {params.data && !canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_TEXTS.readOnly}
        </Alert>
      )}
      {params.error && <Alert severity="error">{params.error.message}</Alert>}
      {!draft ? (
        <Skeleton variant="rounded" height={360} />
      ) : (
        <Paper
          variant="outlined"
          component="form"
          sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack spacing={2}>
            {(Object.keys(LABELS) as (keyof ProbationParams)[]).map((k) => (
              <Field
                key={k}
                name={k}
                label={LABELS[k][0]}
                value={draft[k]}
                onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
                disabled={!canWrite}
                inputMode={(LIST_FIELDS as readonly string[]).includes(k) ? undefined : 'numeric'}
                error={!!fieldErrors[k]}
                helperText={fieldErrors[k] ?? LABELS[k][1]}
              />
            ))}
            {save.error && <Alert severity="error">{save.error.message}</Alert>}
            {saved && <Alert severity="success">{PROBATION_TEXTS.saved}</Alert>}
            {canWrite && (
              <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
                Save
              </Button>
            )}
          </Stack>
        </Paper>
      )}
    </AdminPageLayout>
  );
}

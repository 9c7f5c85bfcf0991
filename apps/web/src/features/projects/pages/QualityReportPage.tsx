import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import {
  FREE_REPORT_CATEGORY,
  QUALITY_REPORT_TEXTS,
  type QualityReportAnswer,
  qualityReportSaveSchema,
  REVIEW_ERROR_CATEGORIES,
  REVIEW_SEVERITIES,
  type ReviewSeverity,
  reviewPenaltyPoints,
} from '@parlance/shared';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { fieldErrorsOf, messageOf } from '../../../app/http';
import { AppLink } from '../../../ui/AppLink';
import { PageContainer } from '../../../ui/PageContainer';
import { type ReportRef, useQualityReport, useSaveQualityReport } from '../quality-report-api';

// The quality report editors (spec 2 section 2): /quality-report/free and /quality-report/detailed,
// opened from a QA or LL job's file list with project_id (the job), resource_uuid (the reviewed
// project's file) and csrftoken in the query string. Read-only unless the viewer is the reviewer of
// the open job (the server says so in readOnly).

const SEVERITY_LABELS: Record<ReviewSeverity, string> = { minor: 'Minor', major: 'Major', critical: 'Critical' };

type Category = (typeof REVIEW_ERROR_CATEGORIES)[number] | typeof FREE_REPORT_CATEGORY;

interface Row {
  key: number;
  category: Category;
  severity: ReviewSeverity;
  count: string;
}

let nextKey = 1;

export default function QualityReportPage() {
  const { kind: kindParam = '' } = useParams();
  const [search] = useSearchParams();
  const kind = kindParam === 'free' ? 'free' : 'detailed';
  const ref: ReportRef = {
    projectId: search.get('project_id') ?? '',
    resourceUuid: search.get('resource_uuid') ?? '',
    kind,
  };
  const csrftoken = search.get('csrftoken') ?? '';
  const answer = useQualityReport(ref);
  const title = kind === 'free' ? QUALITY_REPORT_TEXTS.freeTitle : QUALITY_REPORT_TEXTS.detailedTitle;

  return (
    <PageContainer
      title={title}
      subtitle={
        answer.data ? (
          <>
            {answer.data.file.name} ·{' '}
            <Link component={AppLink} href={`/project/${answer.data.job.id}`}>
              {answer.data.job.name}
            </Link>
          </>
        ) : undefined
      }
    >
      {answer.error ? (
        <Alert severity="error">{messageOf(answer.error)}</Alert>
      ) : !answer.data ? (
        <Skeleton variant="rounded" height={280} aria-label="Loading the report" />
      ) : (
        <Editor data={answer.data} refOf={ref} csrftoken={csrftoken} />
      )}
    </PageContainer>
  );
}

function initialRows(data: QualityReportAnswer, kind: 'free' | 'detailed'): Row[] {
  const saved = data.report?.errors ?? [];
  if (kind === 'free')
    return REVIEW_SEVERITIES.map((severity) => ({
      key: nextKey++,
      category: FREE_REPORT_CATEGORY,
      severity,
      count: String(saved.find((e) => e.severity === severity)?.count ?? 0),
    }));
  return saved.map((e) => ({
    key: nextKey++,
    category: e.category as Category,
    severity: e.severity as ReviewSeverity,
    count: String(e.count),
  }));
}

function Editor({ data, refOf, csrftoken }: { data: QualityReportAnswer; refOf: ReportRef; csrftoken: string }) {
  const kind = refOf.kind;
  const [rows, setRows] = useState<Row[]>(() => initialRows(data, kind));
  const [summary, setSummary] = useState(data.report?.summary ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveQualityReport(refOf, csrftoken);
  const readOnly = data.readOnly;
  const counted = rows
    .map((r) => ({ severity: r.severity, count: Number(r.count) }))
    .filter((r) => Number.isInteger(r.count) && r.count > 0);
  const update = (key: number, patch: Partial<Row>) => {
    setSaved(false);
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    const body = {
      project_id: refOf.projectId,
      resource_uuid: refOf.resourceUuid,
      kind,
      summary,
      // the free editor's zero counts are not errors
      errors: rows
        .filter((r) => kind === 'detailed' || r.count.trim() !== '0')
        .map((r) => ({ category: r.category, severity: r.severity, count: r.count })),
    };
    // the shared contract, with each message at its row's field (errors.0.count) where it has one
    const checked = qualityReportSaveSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onSuccess: () => setSaved(true),
      onError: (err) => setErrors(fieldErrorsOf(err)),
    });
  }

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={kind === 'free' ? QUALITY_REPORT_TEXTS.freeTitle : QUALITY_REPORT_TEXTS.detailedTitle}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      {readOnly && <Alert severity="info">{QUALITY_REPORT_TEXTS.readOnly}</Alert>}
      <Typography variant="body2" color="text.secondary">
        Reviewed project: {data.reviewedProject.name} ({data.reviewedProject.wordCount.toLocaleString('en-US')} words).
        The errors of this report count in the job&apos;s review score.
      </Typography>

      {kind === 'free' ? (
        <>
          <Field
            label="Findings"
            multiline
            minRows={6}
            value={summary}
            onChange={(e) => {
              setSummary(e.target.value);
              setSaved(false);
            }}
            disabled={readOnly}
            error={!!errors.summary}
            helperText={errors.summary ?? ' '}
            required
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {rows.map((r) => (
              <Field
                key={r.key}
                label={`${SEVERITY_LABELS[r.severity]} errors`}
                type="number"
                value={r.count}
                onChange={(e) => update(r.key, { count: e.target.value })}
                disabled={readOnly}
                slotProps={{ htmlInput: { min: 0, max: 999 } }}
                sx={{ flex: 1 }}
              />
            ))}
          </Stack>
        </>
      ) : (
        <>
          {rows.length === 0 && (
            <Typography color="text.secondary">
              {readOnly ? 'No errors were recorded.' : 'No errors yet. Add a row for each kind of error you find.'}
            </Typography>
          )}
          {rows.map((r, i) => (
            <Stack
              key={r.key}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'flex-start' } }}
              role="group"
              aria-label={`Error row ${i + 1}`}
            >
              <SelectField
                size="small"
                label="Category"
                value={r.category}
                onChange={(e) => update(r.key, { category: e.target.value as Category })}
                disabled={readOnly}
                sx={{ flex: 2 }}
              >
                {REVIEW_ERROR_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
              <SelectField
                size="small"
                label="Severity"
                value={r.severity}
                onChange={(e) => update(r.key, { severity: e.target.value as ReviewSeverity })}
                disabled={readOnly}
                sx={{ flex: 1 }}
              >
                {REVIEW_SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {SEVERITY_LABELS[s]}
                  </option>
                ))}
              </SelectField>
              <Field
                size="small"
                label="Count"
                type="number"
                value={r.count}
                onChange={(e) => update(r.key, { count: e.target.value })}
                disabled={readOnly}
                error={!!errors[`errors.${i}.count`]}
                helperText={errors[`errors.${i}.count`]}
                slotProps={{ htmlInput: { min: 1, max: 999 } }}
                sx={{ flex: 1 }}
              />
              {!readOnly && (
                <IconButton
                  aria-label={`Remove error row ${i + 1}`}
                  onClick={() => {
                    setSaved(false);
                    setRows((all) => all.filter((x) => x.key !== r.key));
                  }}
                >
                  <DeleteOutline />
                </IconButton>
              )}
            </Stack>
          ))}
          {!readOnly && (
            <Box>
              <Button
                startIcon={<Add />}
                onClick={() => {
                  setSaved(false);
                  setRows((all) => [...all, { key: nextKey++, category: 'Accuracy', severity: 'minor', count: '1' }]);
                }}
              >
                Add error
              </Button>
            </Box>
          )}
          <Field
            label="Comment"
            multiline
            minRows={3}
            value={summary}
            onChange={(e) => {
              setSummary(e.target.value);
              setSaved(false);
            }}
            disabled={readOnly}
            error={!!errors.summary}
            helperText={errors.summary ?? ' '}
          />
        </>
      )}

      <Typography sx={{ fontWeight: 600 }} data-testid="report-points">
        Penalty points of this report: {reviewPenaltyPoints(counted)}
      </Typography>
      {errors.errors && <Alert severity="error">{errors.errors}</Alert>}
      {save.error && Object.keys(fieldErrorsOf(save.error)).length === 0 && (
        <Alert severity="error">{messageOf(save.error)}</Alert>
      )}
      {saved && (
        <Alert severity="success" role="status">
          {QUALITY_REPORT_TEXTS.saved}
        </Alert>
      )}
      {data.report && (
        <Typography variant="body2" color="text.secondary">
          Last saved {new Date(data.report.updatedAt).toLocaleString()}
          {data.report.authorName ? ` by ${data.report.authorName}` : ''}.
        </Typography>
      )}
      {!readOnly && (
        <Box>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save report
          </Button>
        </Box>
      )}
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import {
  type ProjectDetail,
  QUALITY_REPORT_TEXTS,
  REVIEW_ERROR_CATEGORIES,
  REVIEW_LIMITS,
  REVIEW_PENALTY_POINTS,
  REVIEW_SEVERITIES,
  REVIEW_TEXTS,
  type ReviewErrorCategory,
  type ReviewSeverity,
  reviewScore,
  WORKBENCH_TEXTS,
} from '@parlance/shared';
import { useState } from 'react';
import { HttpError } from '../../../app/http';
import { AppLink } from '../../../ui/AppLink';
import { toast } from '../../../ui/toast';
import { messageOf, projectCalls, useProjectMove } from '../api';
import { useJobQualityReports } from '../quality-report-api';
import { countedErrors } from '../review-errors';
import { QualityReportLinks } from './QualityReportLinks';
import { Section } from './Section';

// A QA or LL job's panel: the reviewed project, then the reviewer's error table (category,
// severity, count) with a live score preview by the same rule as the server (packages/shared
// reviewScore), or the submitted review read-only.

const SEVERITY_LABELS: Record<ReviewSeverity, string> = { minor: 'Minor', major: 'Major', critical: 'Critical' };

interface Row {
  key: number;
  category: ReviewErrorCategory;
  severity: ReviewSeverity;
  /** as typed; checked on submit */
  count: string;
}

export function isReviewJob(project: Pick<ProjectDetail, 'kind'>): boolean {
  return project.kind === 'qa' || project.kind === 'll';
}

export function ReviewPanel({ project }: { project: ProjectDetail }) {
  const title = project.kind === 'qa' ? 'QA review' : 'LL review';
  return (
    <Section title={title}>
      {project.reviewedProjectId !== null && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          Reviews{' '}
          <Link component={AppLink} href={`/project/${project.reviewedProjectId}`} data-testid="reviewed-project-link">
            project #{project.reviewedProjectId}
          </Link>
          {project.actions.includes('review') && ': open it to read the source and the translation.'}
        </Typography>
      )}
      <QualityReportLinks project={project} />
      {project.review ? (
        <ReviewSummary review={project.review} />
      ) : project.actions.includes('review') ? (
        <ReviewForm project={project} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No review has been submitted yet.
        </Typography>
      )}
    </Section>
  );
}

function ScoreLine({ score, label }: { score: number; label: string }) {
  return (
    <Typography sx={{ fontWeight: 700, fontSize: 20 }} data-testid="review-score">
      {label}: {score} / {REVIEW_LIMITS.maxScore}
    </Typography>
  );
}

function ReviewSummary({ review }: { review: NonNullable<ProjectDetail['review']> }) {
  return (
    <Box data-testid="review-summary">
      <ScoreLine score={review.score} label="Score" />
      {review.errors.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No errors were recorded.
        </Typography>
      ) : (
        <Table size="small" aria-label="Recorded errors" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Category</TableCell>
              <TableCell>Severity</TableCell>
              <TableCell align="right">Count</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {review.errors.map((e, i) => (
              // rows have no identity of their own; the order is the reviewer's
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only list in a fixed order
              <TableRow key={i}>
                <TableCell>{e.category}</TableCell>
                <TableCell>{SEVERITY_LABELS[e.severity as ReviewSeverity] ?? e.severity}</TableCell>
                <TableCell align="right">{e.count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {review.comment && (
        <Typography variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {review.comment}
        </Typography>
      )}
    </Box>
  );
}

let nextKey = 1;
const newRow = (): Row => ({ key: nextKey++, category: 'Accuracy', severity: 'minor', count: '1' });

function ReviewForm({ project }: { project: ProjectDetail }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [comment, setComment] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const submit = useProjectMove((v: Parameters<typeof projectCalls.review>[1]) => projectCalls.review(project.id, v), {
    keepPageOnError: true,
  });

  const counted = rows.map((r) => ({ severity: r.severity, count: Number(r.count) }));
  const { all: fromReports, annotations, reportErrors } = countedErrors(useJobQualityReports(project.id).data);
  const preview = reviewScore(
    [...counted.filter((r) => Number.isInteger(r.count) && r.count > 0), ...fromReports],
    project.wordCount,
  );
  const update = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { checkReview } = await import('../review-check');
    const parsed = checkReview({
      errors: rows.map((r) => ({ category: r.category, severity: r.severity, count: r.count })),
      comment,
    });
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      return;
    }
    setFieldErrors({});
    submit.mutate(parsed.value, {
      onSuccess: () => toast(REVIEW_TEXTS.reviewSubmitted, { variant: 'success' }),
      onError: (err) => {
        const body = err instanceof HttpError ? (err.body as { errors?: Record<string, string> } | null) : null;
        if (body?.errors) setFieldErrors(body.errors);
        setFailure(messageOf(err));
      },
    });
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Submit review">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        One row per kind of error. Penalty points: minor {REVIEW_PENALTY_POINTS.minor}, major{' '}
        {REVIEW_PENALTY_POINTS.major}, critical {REVIEW_PENALTY_POINTS.critical}; the score is 1000 minus 10 × the
        points per 1,000 words ({project.wordCount.toLocaleString('en-US')} words).
      </Typography>
      {rows.length > 0 && (
        <Table size="small" aria-label="Error table">
          <TableHead>
            <TableRow>
              <TableCell>Category</TableCell>
              <TableCell>Severity</TableCell>
              <TableCell sx={{ width: 110 }}>Count</TableCell>
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={row.key} data-testid="review-error-row">
                <TableCell>
                  <SelectField
                    size="small"
                    fullWidth
                    label={`Category ${i + 1}`}
                    value={row.category}
                    onChange={(e) => update(row.key, { category: e.target.value as ReviewErrorCategory })}
                    error={Boolean(fieldErrors[`errors.${i}.category`])}
                  >
                    {REVIEW_ERROR_CATEGORIES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </SelectField>
                </TableCell>
                <TableCell>
                  <SelectField
                    size="small"
                    fullWidth
                    label={`Severity ${i + 1}`}
                    value={row.severity}
                    onChange={(e) => update(row.key, { severity: e.target.value as ReviewSeverity })}
                    error={Boolean(fieldErrors[`errors.${i}.severity`])}
                  >
                    {REVIEW_SEVERITIES.map((s) => (
                      <option key={s} value={s}>
                        {SEVERITY_LABELS[s]}
                      </option>
                    ))}
                  </SelectField>
                </TableCell>
                <TableCell>
                  <Field
                    size="small"
                    type="number"
                    label={`Count ${i + 1}`}
                    value={row.count}
                    onChange={(e) => update(row.key, { count: e.target.value })}
                    slotProps={{ htmlInput: { min: 1, max: REVIEW_LIMITS.maxCount, inputMode: 'numeric' } }}
                    error={Boolean(fieldErrors[`errors.${i}.count`])}
                    helperText={fieldErrors[`errors.${i}.count`]}
                  />
                </TableCell>
                <TableCell>
                  <IconButton
                    aria-label={`Remove row ${i + 1}`}
                    onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                    size="small"
                  >
                    ×
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {annotations.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
            {WORKBENCH_TEXTS.annotationsInScore} (counted in the score)
          </Typography>
          <Table size="small" aria-label={WORKBENCH_TEXTS.annotationsInScore} data-testid="annotation-errors">
            <TableHead>
              <TableRow>
                <TableCell>Category</TableCell>
                <TableCell>Severity</TableCell>
                <TableCell sx={{ width: 110 }}>Count</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {annotations.map((e) => (
                <TableRow key={`${e.category}-${e.severity}`}>
                  <TableCell>{e.category}</TableCell>
                  <TableCell>{SEVERITY_LABELS[e.severity as ReviewSeverity] ?? e.severity}</TableCell>
                  <TableCell>{e.count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      <Button
        variant="outlined"
        size="small"
        sx={{ mt: 1 }}
        onClick={() => setRows((all) => [...all, newRow()])}
        disabled={rows.length >= REVIEW_LIMITS.maxRows}
      >
        Add error
      </Button>
      {fieldErrors.errors && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {fieldErrors.errors}
        </Typography>
      )}
      <Field
        label="Comment"
        multiline
        minRows={3}
        fullWidth
        required
        sx={{ mt: 2 }}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        error={Boolean(fieldErrors.comment)}
        helperText={fieldErrors.comment ?? `${REVIEW_LIMITS.commentMin} to ${REVIEW_LIMITS.commentMax} characters`}
        slotProps={{ htmlInput: { maxLength: REVIEW_LIMITS.commentMax } }}
      />
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Box aria-live="polite">
          <ScoreLine score={preview} label="Score preview" />
          {reportErrors > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="report-errors">
              {QUALITY_REPORT_TEXTS.fromReports}: {reportErrors} (counted in the score)
            </Typography>
          )}
        </Box>
        <Button type="submit" variant="contained" loading={submit.isPending} sx={{ ml: 'auto' }}>
          Submit review
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}

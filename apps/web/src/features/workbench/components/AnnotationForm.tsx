import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type AnnotationCreate, MQM_CATEGORIES, REVIEW_SEVERITIES, WORKBENCH_LIMITS } from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../../app/http';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';

// A reviewer's error on the active segment: an MQM category, a severity and a comment.

export function AnnotationForm({
  segmentId,
  onAdd,
}: {
  segmentId: number;
  onAdd: (segmentId: number, body: AnnotationCreate) => Promise<void>;
}) {
  const [category, setCategory] = useState('');
  const [severity, setSeverity] = useState('');
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!category) return setProblem('Choose an error category');
    if (!severity) return setProblem('Choose a severity');
    setBusy(true);
    setProblem(null);
    try {
      await onAdd(segmentId, {
        category,
        severity: severity as AnnotationCreate['severity'],
        comment,
      });
      setCategory('');
      setSeverity('');
      setComment('');
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box
      component="form"
      aria-label="Add error"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1, mt: 1, gridTemplateColumns: '1fr 1fr' }}
    >
      <SelectField size="small" label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
        {MQM_CATEGORIES.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <SelectField size="small" label="Severity" value={severity} onChange={(e) => setSeverity(e.target.value)}>
        {REVIEW_SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {s[0].toUpperCase() + s.slice(1)}
          </option>
        ))}
      </SelectField>
      <Field
        size="small"
        label="Comment"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: WORKBENCH_LIMITS.annotationCommentMax } }}
        sx={{ gridColumn: '1 / -1' }}
      />
      {problem && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {problem}
        </Alert>
      )}
      <Button type="submit" variant="outlined" loading={busy} sx={{ gridColumn: '1 / -1', justifySelf: 'start' }}>
        Add error
      </Button>
    </Box>
  );
}

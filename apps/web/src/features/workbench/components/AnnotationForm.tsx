import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type AnnotationCreate, MQM_CATEGORIES, REVIEW_SEVERITIES, WORKBENCH_LIMITS } from '@parlance/shared';
import { messageOf } from '../../../app/http';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import { useZodForm } from '../../../ui/zod-form';

// A reviewer's error on the active segment: an MQM category, a severity and a comment, checked
// with the schema the annotations route validates with.

const loadSchema = () => import('../form-schemas').then((m) => m.annotationCreateSchema);

export function AnnotationForm({
  segmentId,
  onAdd,
}: {
  segmentId: number;
  onAdd: (segmentId: number, body: AnnotationCreate) => Promise<void>;
}) {
  const { register, handleSubmit, reset, setError, formState, watch } = useZodForm(loadSchema, {
    defaultValues: { category: '', severity: '' as AnnotationCreate['severity'], comment: '' },
  });
  const { errors } = formState;
  // the selects are controlled: a reset sets the DOM value without a change event, and an
  // uncontrolled field would keep its label shrunk on the border as if a value were chosen
  const category = watch('category') ?? '';
  const severity = watch('severity') ?? '';

  const submit = handleSubmit(async (body) => {
    try {
      await onAdd(segmentId, body);
      reset();
    } catch (err) {
      setError('root', { type: 'server', message: messageOf(err) });
    }
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Add error"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1, mt: 1, gridTemplateColumns: '1fr 1fr' }}
    >
      <SelectField
        size="small"
        label="Category"
        {...register('category')}
        value={category}
        error={!!errors.category}
        helperText={errors.category?.message}
      >
        <option value="" disabled hidden />
        {MQM_CATEGORIES.map((c) => (
          <option key={c.key} value={c.key}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        size="small"
        label="Severity"
        {...register('severity')}
        value={severity}
        error={!!errors.severity}
        helperText={errors.severity?.message}
      >
        <option value="" disabled hidden />
        {REVIEW_SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {s[0].toUpperCase() + s.slice(1)}
          </option>
        ))}
      </SelectField>
      <Field
        size="small"
        label="Comment"
        {...register('comment')}
        error={!!errors.comment}
        helperText={errors.comment?.message}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: WORKBENCH_LIMITS.annotationCommentMax } }}
        sx={{ gridColumn: '1 / -1' }}
      />
      {errors.root && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {errors.root.message}
        </Alert>
      )}
      <Button
        type="submit"
        variant="outlined"
        loading={formState.isSubmitting}
        sx={{ gridColumn: '1 / -1', justifySelf: 'start' }}
      >
        Add error
      </Button>
    </Box>
  );
}

import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { LOW_RATING_MAX, PROJECT_LIMITS, PROJECT_TEXTS, projectRatingSchema, RATING_REASONS } from '@parlance/shared';
import { formErrors } from '../../../ui/form-check';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { projectCalls, useProjectMove } from '../api';
import { DialogForm, DialogShell } from '../../../ui/FormDialog';

interface RatingDialogProps {
  /** the project to rate; null closes the dialog */
  project: { id: number; name: string; rating?: number | null } | null;
  onClose: () => void;
}

interface Errors {
  rating?: string;
  reasons?: string;
  comment?: string;
}

/**
 * The rating modal of the list and the project page: 1 to 5 stars; a low rating (3 or less) asks
 * for the reason flags and a comment of at least 3 characters (spec 1 §3, §5). A failed call shows
 * the spec's toast (§8).
 */
export function RatingDialog({ project, onClose }: RatingDialogProps) {
  return (
    <DialogShell open={project !== null} onClose={onClose}>
      {project && <RatingForm key={project.id} project={project} onClose={onClose} />}
    </DialogShell>
  );
}

function RatingForm({ project, onClose }: { project: NonNullable<RatingDialogProps['project']>; onClose: () => void }) {
  const [rating, setRating] = useState<number | null>(project.rating ?? null);
  const [reasons, setReasons] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const rate = useProjectMove((v: { rating: number; reasons: string[]; comment: string }) =>
    projectCalls.rate(project.id, v),
  );
  const low = rating !== null && rating <= LOW_RATING_MAX;

  function validate(): Errors {
    return formErrors(projectRatingSchema, { rating: rating ?? undefined, reasons: low ? reasons : [], comment }) ?? {};
  }

  function submit() {
    const found = validate();
    setErrors(found);
    if (found.rating || found.reasons || found.comment || rating === null) return;
    rate.mutate(
      { rating, reasons: low ? reasons : [], comment: comment.trim() },
      {
        onSuccess: () => {
          toast(PROJECT_TEXTS.rated, { variant: 'success' });
          onClose();
        },
        onError: () => toast(PROJECT_TEXTS.ratingFailed, { variant: 'error' }),
      },
    );
  }

  function toggle(value: string, on: boolean) {
    setReasons((r) => (on ? [...r, value] : r.filter((x) => x !== value)));
    setErrors((x) => ({ ...x, reasons: undefined }));
  }

  return (
    <DialogForm
      title="Rate the translation"
      submitLabel="Send rating"
      busy={rate.isPending}
      error={rate.isError ? PROJECT_TEXTS.ratingFailed : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        How was the work on “{project.name}”?
      </Typography>
      <Rating
        name={`rating-${project.id}`}
        value={rating}
        size="large"
        onChange={(_e, v) => {
          setRating(v);
          setErrors({});
        }}
      />
      {errors.rating && <FormHelperText error>{errors.rating}</FormHelperText>}
      {low && (
        <>
          <FormControl component="fieldset" error={!!errors.reasons} sx={{ mt: 2, display: 'block' }}>
            <FormLabel component="legend">What went wrong?</FormLabel>
            <FormGroup>
              {RATING_REASONS.map((r) => (
                <FormControlLabel
                  key={r.value}
                  label={r.label}
                  control={
                    <Checkbox checked={reasons.includes(r.value)} onChange={(e) => toggle(r.value, e.target.checked)} />
                  }
                />
              ))}
            </FormGroup>
            {errors.reasons && <FormHelperText>{errors.reasons}</FormHelperText>}
          </FormControl>
          <Field
            label="Comment"
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 2 }}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setErrors((x) => ({ ...x, comment: undefined }));
            }}
            error={!!errors.comment}
            helperText={errors.comment ?? ' '}
            slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.messageMaxLength } }}
          />
        </>
      )}
    </DialogForm>
  );
}

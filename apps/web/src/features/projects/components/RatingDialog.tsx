import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOW_RATING_MAX, PROJECT_LIMITS, PROJECT_TEXTS, projectRatingSchema, RATING_REASONS } from '@parlance/shared';
import { formErrors } from '../../../ui/form-check';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '../../../ui/toast';
import { projectCalls, useProjectMove } from '../api';

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
  const titleId = useId();
  return (
    <Dialog open={project !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      {project && <RatingForm key={project.id} project={project} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function RatingForm({
  project,
  titleId,
  onClose,
}: {
  project: NonNullable<RatingDialogProps['project']>;
  titleId: string;
  onClose: () => void;
}) {
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

  function submit(e: FormEvent) {
    e.preventDefault();
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
    <form noValidate onSubmit={submit} aria-label="Rate the project">
      <DialogTitle id={titleId}>Rate the translation</DialogTitle>
      <DialogContent>
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
                      <Checkbox
                        checked={reasons.includes(r.value)}
                        onChange={(e) => toggle(r.value, e.target.checked)}
                      />
                    }
                  />
                ))}
              </FormGroup>
              {errors.reasons && <FormHelperText>{errors.reasons}</FormHelperText>}
            </FormControl>
            <TextField
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
        {rate.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {PROJECT_TEXTS.ratingFailed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={rate.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={rate.isPending}>
          Send rating
        </Button>
      </DialogActions>
    </form>
  );
}

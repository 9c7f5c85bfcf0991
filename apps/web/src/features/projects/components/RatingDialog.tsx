import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Rating from '@mui/material/Rating';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import { LOW_RATING_MAX, PROJECT_LIMITS, PROJECT_TEXTS, RATING_REASONS } from '@parlance/shared';
import { Controller } from 'react-hook-form';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { projectCalls, useProjectMove } from '../api';
import { DialogForm, DialogShell } from '../../../ui/FormDialog';

interface RatingDialogProps {
  /** the project to rate; null closes the dialog */
  project: { id: number; name: string; rating?: number | null } | null;
  onClose: () => void;
}

const loadSchema = () => import('../form-schemas').then((m) => m.projectRatingSchema);

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
  const rate = useProjectMove((v: { rating: number; reasons: string[]; comment: string }) =>
    projectCalls.rate(project.id, v),
  );
  const { control, register, handleSubmit, watch, clearErrors, formState } = useZodForm(loadSchema, {
    defaultValues: { rating: project.rating ?? undefined, reasons: [], comment: '' },
  });
  const { errors } = formState;
  const rating = watch('rating') as number | undefined;
  const low = rating != null && rating <= LOW_RATING_MAX;

  const submit = handleSubmit(async (v) => {
    const low = v.rating <= LOW_RATING_MAX;
    try {
      await rate.mutateAsync({ rating: v.rating, reasons: low ? v.reasons : [], comment: v.comment });
      toast(PROJECT_TEXTS.rated, { variant: 'success' });
      onClose();
    } catch {
      toast(PROJECT_TEXTS.ratingFailed, { variant: 'error' });
    }
  });

  return (
    <DialogForm
      title="Rate the translation"
      submitLabel="Send rating"
      busy={formState.isSubmitting}
      error={rate.isError ? PROJECT_TEXTS.ratingFailed : null}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        How was the work on “{project.name}”?
      </Typography>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <Rating
            name={`rating-${project.id}`}
            value={(field.value as number | undefined) ?? null}
            size="large"
            onChange={(_e, v) => {
              field.onChange(v ?? undefined);
              clearErrors();
            }}
          />
        )}
      />
      {errors.rating && <FormHelperText error>{errors.rating.message}</FormHelperText>}
      {low && (
        <>
          <FormControl component="fieldset" error={!!errors.reasons} sx={{ mt: 2, display: 'block' }}>
            <FormLabel component="legend">What went wrong?</FormLabel>
            <Controller
              control={control}
              name="reasons"
              render={({ field }) => {
                const chosen = (field.value as string[] | undefined) ?? [];
                return (
                  <FormGroup>
                    {RATING_REASONS.map((r) => (
                      <FormControlLabel
                        key={r.value}
                        label={r.label}
                        control={
                          <Checkbox
                            checked={chosen.includes(r.value)}
                            onChange={(e) => {
                              field.onChange(
                                e.target.checked ? [...chosen, r.value] : chosen.filter((x) => x !== r.value),
                              );
                              clearErrors('reasons');
                            }}
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                );
              }}
            />
            {errors.reasons && <FormHelperText>{errors.reasons.message}</FormHelperText>}
          </FormControl>
          <Field
            label="Comment"
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 2 }}
            {...register('comment')}
            error={!!errors.comment}
            helperText={errors.comment?.message ?? ' '}
            slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.messageMaxLength } }}
          />
        </>
      )}
    </DialogForm>
  );
}

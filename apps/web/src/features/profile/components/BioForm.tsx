import Button from '@mui/material/Button';
import { bioWordCount, TRANSLATOR_TEXTS } from '@parlance/shared';
import { Field } from '../../../ui/Field';
import { toast } from '../../../ui/toast';
import { useZodForm } from '../../../ui/zod-form';
import { fieldErrorsOf, messageOf } from '../api';
import { useSaveBio } from '../translator-api';
import { showServerErrors } from './form-field';

const loadSchema = () => import('../form-schemas').then((m) => m.aboutMeInputSchema);

/** The bio: checked when sent, then on every change. */
export function BioForm({ bio }: { bio: string }) {
  const save = useSaveBio();
  const { register, handleSubmit, watch, setError, formState } = useZodForm(loadSchema, {
    defaultValues: { about_me: bio },
  });
  const words = bioWordCount(watch('about_me') ?? '');
  const error = formState.errors.about_me?.message;
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast(TRANSLATOR_TEXTS.saved, { variant: 'success' });
    } catch (err) {
      if (!showServerErrors(fieldErrorsOf(err), setError, ['about_me']))
        toast(messageOf(err, 'Could not save.'), { variant: 'error' });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="About me">
      <Field
        {...register('about_me')}
        id="about-me"
        label="Bio"
        multiline
        minRows={4}
        fullWidth
        error={!!error}
        helperText={error ?? `${words} ${words === 1 ? 'word' : 'words'} (at least 5)`}
      />
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ mt: 2 }}>
        Save bio
      </Button>
    </form>
  );
}

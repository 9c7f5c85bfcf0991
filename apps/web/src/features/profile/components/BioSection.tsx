import Button from '@mui/material/Button';
import { Field } from '../../../ui/Field';
import { useQuery } from '@tanstack/react-query';
import { bioWordCount, TRANSLATOR_TEXTS } from '@parlance/shared';
import { toast } from '../../../ui/toast';
import { fieldErrorsOf, messageOf } from '../api';
import { translatorProfileQuery, useSaveBio } from '../translator-api';
import { useCheckedForm } from '../use-checked-form';
import { SectionCard, SectionState } from './SectionCard';

const loadCheck = () => import('../account-checks').then((m) => m.checkAboutMe);

export function BioSection() {
  const profile = useQuery(translatorProfileQuery);
  return (
    <SectionCard title="About me" intro="A few sentences customers read before they choose you.">
      <SectionState loading={profile.isPending} error={profile.error} />
      {profile.data && <BioForm bio={profile.data.bio} />}
    </SectionCard>
  );
}

function BioForm({ bio }: { bio: string }) {
  const save = useSaveBio();
  // checked when sent, then on every change (react-hook-form's default mode, as before)
  const form = useCheckedForm({ about_me: bio }, loadCheck, 'submit');
  const words = bioWordCount(form.values.about_me);
  const error = form.errors.about_me;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast(TRANSLATOR_TEXTS.saved, { variant: 'success' });
    } catch (err) {
      if (!form.showServerErrors(fieldErrorsOf(err), ['about_me']))
        toast(messageOf(err, 'Could not save.'), { variant: 'error' });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="About me">
      <Field
        {...form.field('about_me')}
        id="about-me"
        label="Bio"
        multiline
        minRows={4}
        fullWidth
        error={!!error}
        helperText={error ?? `${words} ${words === 1 ? 'word' : 'words'} (at least 5)`}
      />
      <Button type="submit" variant="contained" disabled={form.submitting} sx={{ mt: 2 }}>
        Save bio
      </Button>
    </form>
  );
}

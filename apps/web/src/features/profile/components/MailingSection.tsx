import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import {
  MAILING_FLAG_LABELS,
  MAILING_FLAGS_BY_TYPE,
  type MailingFlag,
  type MailingPreferences,
  PROFILE_TEXTS,
  secondaryEmailInputSchema,
  type UserData,
} from '@parlance/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../ui/toast';
import {
  fieldErrorsOf,
  mailingQuery,
  messageOf,
  useAddSecondaryEmail,
  useRemoveSecondaryEmail,
  useSaveMailing,
} from '../api';
import { SectionCard, SectionState } from './SectionCard';

export function MailingSection({ user }: { user: UserData }) {
  const mailing = useQuery(mailingQuery);
  return (
    <SectionCard title="Mailing Preferences" intro="Choose which e-mails we send you, and to which addresses.">
      <SectionState loading={mailing.isPending} error={mailing.error} />
      {mailing.data && (
        <Stack spacing={3}>
          <FlagsForm user={user} preferences={mailing.data} />
          <Divider />
          <SecondaryEmails user={user} preferences={mailing.data} />
        </Stack>
      )}
    </SectionCard>
  );
}

function FlagsForm({ user, preferences }: { user: UserData; preferences: MailingPreferences }) {
  const offered = MAILING_FLAGS_BY_TYPE[user.type === 'translator' ? 'translator' : 'customer'];
  const [flags, setFlags] = useState<Partial<Record<MailingFlag, boolean>>>(() =>
    Object.fromEntries(offered.map((f) => [f, preferences.flags[f] ?? false])),
  );
  const save = useSaveMailing();
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync(flags);
      toast(PROFILE_TEXTS.mailingSaved, { variant: 'success' });
    } catch (err) {
      setError(messageOf(err, 'Could not save your mailing preferences.'));
    }
  };

  return (
    <form onSubmit={submit} aria-label="Mailing preferences">
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <FormGroup>
        {offered.map((flag) => (
          <FormControlLabel
            key={flag}
            label={MAILING_FLAG_LABELS[flag]}
            control={
              <Checkbox
                name={flag}
                checked={flags[flag] ?? false}
                onChange={(e) => setFlags((old) => ({ ...old, [flag]: e.target.checked }))}
              />
            }
          />
        ))}
      </FormGroup>
      <Button type="submit" variant="contained" disabled={save.isPending} sx={{ mt: 2 }}>
        {save.isPending ? 'Saving…' : 'Save preferences'}
      </Button>
    </form>
  );
}

function SecondaryEmails({ user, preferences }: { user: UserData; preferences: MailingPreferences }) {
  const add = useAddSecondaryEmail(user.id);
  const remove = useRemoveSecondaryEmail(user.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = secondaryEmailInputSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PROFILE_TEXTS.secondaryEmailRequired);
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(parsed.data.email);
      setEmail('');
      toast(PROFILE_TEXTS.secondaryEmailAdded, { variant: 'success' });
    } catch (err) {
      setError(fieldErrorsOf(err).email ?? messageOf(err, 'Could not add the address.'));
    }
  };

  const removeOne = async (address: string) => {
    try {
      await remove.mutateAsync(address);
      toast(PROFILE_TEXTS.secondaryEmailRemoved, { variant: 'success' });
    } catch (err) {
      toast(messageOf(err, 'Could not remove the address.'), { variant: 'error' });
    }
  };

  return (
    <div>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Additional e-mail addresses
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        They receive a copy of the mails you chose above (at most 5).
      </Typography>
      {preferences.secondaryEmails.length === 0 ? (
        <Typography sx={{ my: 1 }}>No additional addresses yet.</Typography>
      ) : (
        <List dense aria-label="Additional e-mail addresses">
          {preferences.secondaryEmails.map((s) => (
            <ListItem
              key={s.email}
              secondaryAction={
                <IconButton edge="end" aria-label={`Remove ${s.email}`} onClick={() => void removeOne(s.email)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={s.email} />
            </ListItem>
          ))}
        </List>
      )}
      <form noValidate onSubmit={submit} aria-label="Add an e-mail address">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Field
            id="profile-additional-email"
            label="Additional email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!error}
            helperText={error ?? ' '}
            sx={{ minWidth: { sm: 320 } }}
          />
          <Button type="submit" variant="outlined" disabled={add.isPending} sx={{ mt: { sm: 1 } }}>
            Add address
          </Button>
        </Stack>
      </form>
    </div>
  );
}

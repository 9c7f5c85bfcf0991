import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import { useQuery } from '@tanstack/react-query';
import { LANGUAGE_ASSET_TEXTS, type SharedMemoryGroup } from '@parlance/shared';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { messageOf } from '../api';
import { sharedMapQuery, useAddMember, useCreateGroup, useDeleteGroup, useRemoveMember } from '../language-assets-api';
import { SectionState } from './SectionCard';

/** The shared translation memory: groups of translators who may download this customer's memory. */
export function SharedMemoryGroups({ userId }: { userId: number }) {
  const groups = useQuery(sharedMapQuery(userId));
  const create = useCreateGroup(userId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onCreate = async () => {
    if (!name.trim()) {
      setError(LANGUAGE_ASSET_TEXTS.groupNameRequired);
      return;
    }
    try {
      const answer = await create.mutateAsync(name.trim());
      setName('');
      setError(null);
      toast(answer.message, { variant: 'success' });
    } catch (err) {
      setError(messageOf(err, 'Could not create the group.'));
    }
  };

  return (
    <Paper component="section" aria-labelledby="shared-memory-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="shared-memory-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        Shared memory groups
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Translators in a group can download your translation memory from the page of a project of yours they work on.
      </Typography>
      <Stack
        component="form"
        aria-label="New group"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          void onCreate();
        }}
      >
        <Field
          size="small"
          label="Group name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="outlined" disabled={create.isPending} sx={{ alignSelf: 'flex-start' }}>
          Create group
        </Button>
      </Stack>
      <SectionState loading={groups.isPending} error={groups.error} />
      {groups.data && groups.data.length === 0 && (
        <Typography color="text.secondary">No groups yet: your memory is not shared with anyone.</Typography>
      )}
      <Stack spacing={2} sx={{ mt: 1 }}>
        {groups.data?.map((g) => (
          <GroupCard key={g.id} group={g} userId={userId} />
        ))}
      </Stack>
    </Paper>
  );
}

function GroupCard({ group, userId }: { group: SharedMemoryGroup; userId: number }) {
  const add = useAddMember(userId);
  const remove = useRemoveMember(userId);
  const del = useDeleteGroup(userId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onAdd = async () => {
    if (!email.trim()) {
      setError(LANGUAGE_ASSET_TEXTS.memberEmailRequired);
      return;
    }
    try {
      const answer = await add.mutateAsync({ groupId: group.id, email: email.trim() });
      setEmail('');
      setError(null);
      toast(answer.message, { variant: 'success' });
    } catch (err) {
      setError(messageOf(err, 'Could not add the translator.'));
    }
  };

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`memory-group-${group.id}`}
      data-group={group.name}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id={`memory-group-${group.id}`} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {group.name}
      </Typography>
      <div>
        {group.users.length === 0 ? (
          <Typography color="text.secondary">No translators in this group yet.</Typography>
        ) : (
          <List dense aria-label={`Translators in ${group.name}`}>
            {group.users.map((u) => (
              <ListItem
                key={u.id}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${u.name} from ${group.name}`}
                    onClick={() =>
                      void remove
                        .mutateAsync({ groupId: group.id, memberId: u.id })
                        .then((a) => toast(a.message, { variant: 'success' }))
                        .catch((err) => toast(messageOf(err, 'Could not remove.'), { variant: 'error' }))
                    }
                  >
                    <RemoveIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={u.name}
                  secondary={u.email}
                  slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Stack
          component="form"
          aria-label={`Add a translator to ${group.name}`}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            void onAdd();
          }}
        >
          <Field
            size="small"
            type="email"
            label="Translator's e-mail"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="outlined" disabled={add.isPending} sx={{ alignSelf: 'flex-start' }}>
            Add translator
          </Button>
        </Stack>
        <Button
          color="error"
          size="small"
          sx={{ mt: 1 }}
          disabled={del.isPending}
          onClick={() =>
            void del
              .mutateAsync(group.id)
              .then((a) => toast(a.message, { variant: 'success' }))
              .catch((err) => toast(messageOf(err, 'Could not delete.'), { variant: 'error' }))
          }
        >
          Delete group
        </Button>
        {remove.isError && <Alert severity="error">{messageOf(remove.error)}</Alert>}
      </div>
    </Paper>
  );
}

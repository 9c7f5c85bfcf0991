import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { SelectField } from '../../../ui/SelectField';
import Typography from '@mui/material/Typography';
import { isStaffGroup, STAFF_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAclChange, useAclList } from '../backoffice-api';
import { usePermission } from '../../../app/current-user';
import { AdminPageLayout } from '../components/AdminPageLayout';

/** /admin/acl: the access-control groups, what each may do and who is in it; super-admins change members. */
export default function AclPage() {
  const acl = useAclList();
  const canWrite = usePermission('roles.write');
  const change = useAclChange();
  const [group, setGroup] = useState('');
  const [user, setUser] = useState('');
  const [done, setDone] = useState('');
  const staffGroups = (acl.data ?? []).filter((g) => isStaffGroup(g.name));

  return (
    <AdminPageLayout>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Staff groups and the permissions they grant. Super-admins hold every permission.
      </Typography>
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {STAFF_TEXTS.readOnly}
        </Alert>
      )}
      {canWrite && (
        <Paper
          variant="outlined"
          component="form"
          sx={{ p: 2, mb: 3 }}
          onSubmit={(e) => {
            e.preventDefault();
            setDone('');
            change.mutate(
              { op: 'add', group, user: user.trim() },
              {
                onSuccess: () => {
                  setDone(`${user.trim()} added to ${group}`);
                  setUser('');
                },
              },
            );
          }}
        >
          <Typography sx={{ fontWeight: 600, mb: 1 }}>Add a staff member to a group</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <SelectField
              size="small"
              label="Group"
              value={group}
              onChange={(e) => setGroup(e.target.value)}
              sx={{ minWidth: 220 }}
              required
            >
              {staffGroups.map((g) => (
                <option key={g.name} value={g.name}>
                  {g.name}
                </option>
              ))}
            </SelectField>
            <Field
              size="small"
              label="Staff ID or e-mail"
              value={user}
              onChange={(e) => setUser(e.target.value)}
              sx={{ flex: 1 }}
              required
            />
            <Button type="submit" variant="contained" disabled={change.isPending || !group || !user.trim()}>
              Add
            </Button>
          </Stack>
          {change.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {change.error.message}
            </Alert>
          )}
          {done && (
            <Alert severity="success" sx={{ mt: 1 }}>
              {done}
            </Alert>
          )}
        </Paper>
      )}
      {acl.error ? (
        <Alert severity="error">{acl.error.message}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {!acl.data && [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={140} />)}
          {staffGroups.map((g) => (
            <Paper key={g.id} variant="outlined" sx={{ p: 2 }}>
              <Typography component="h2" sx={{ fontWeight: 700 }}>
                {g.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {g.description}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1.5 }}>
                {g.permissions.map((p) => (
                  <Chip key={p} size="small" label={p} variant="outlined" />
                ))}
              </Stack>
              {g.members.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  Nobody in this group yet.
                </Typography>
              ) : (
                <Stack spacing={0.5}>
                  {g.members.map((m) => (
                    <Stack key={m.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Link component={RouterLink} to={`/admin/account-managers/${m.id}`} underline="always">
                          {m.name}
                        </Link>{' '}
                        <Typography
                          component="span"
                          variant="body2"
                          color="text.secondary"
                          sx={{ wordBreak: 'break-all' }}
                        >
                          {m.email}
                        </Typography>
                      </Box>
                      {canWrite && (
                        <Button
                          size="small"
                          color="error"
                          aria-label={`Remove ${m.name} from ${g.name}`}
                          onClick={() => change.mutate({ op: 'remove', group: g.name, user: String(m.id) })}
                        >
                          Remove
                        </Button>
                      )}
                    </Stack>
                  ))}
                </Stack>
              )}
            </Paper>
          ))}
        </Box>
      )}
    </AdminPageLayout>
  );
}

import SupervisorAccount from '@mui/icons-material/SupervisorAccount';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import { TEXTS, type UserData } from '@parlance/shared';
import { useState } from 'react';
import { UserDetailsTable } from '../../../features/admin/components/UserDetailsTable';
import { useActAs, useRestoreAdmin } from '../../../features/admin/use-act-as';
import { ErrorLine, Section } from './Section';

/** While acting: who the admin is acting as, and the way back (spec 1 section 4). */
export function RestoreAdminBanner({ user, onDone }: { user: UserData; onDone: () => void }) {
  const restore = useRestoreAdmin(onDone);
  return (
    <Box>
      <Alert severity="warning" icon={<SupervisorAccount />} sx={{ mb: 1.5 }}>
        You are acting as <strong>{user.name}</strong> #{user.id}.
      </Alert>
      <Button
        variant="contained"
        color="warning"
        size="large"
        fullWidth
        onClick={() => restore.mutate()}
        disabled={restore.isPending}
        startIcon={restore.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {TEXTS.restoreAdminRights}
      </Button>
      <ErrorLine message={restore.error?.message} />
    </Box>
  );
}

/**
 * Act as a user (with users.act), or look one up, by id or e-mail. Details of an empty field: the
 * effective user.
 */
export function ActAsSection({ user, onDone, canAct }: { user: UserData; onDone: () => void; canAct: boolean }) {
  const [uid, setUid] = useState('');
  const [details, setDetails] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const actAs = useActAs(onDone);
  const value = uid.trim();

  const startActing = () => {
    if (!canAct) {
      if (value !== '') setDetails(value);
      return;
    }
    if (value === '') {
      setInputError('Enter a user ID or e-mail');
      return;
    }
    actAs.mutate(value);
  };

  return (
    <Section
      title="User"
      hint={
        canAct
          ? "Act as a user, or see a user's details, by user ID or e-mail."
          : "See a user's details by user ID or e-mail."
      }
    >
      <Stack
        component="form"
        noValidate
        spacing={1}
        direction={{ xs: 'column', sm: 'row' }}
        onSubmit={(e) => {
          e.preventDefault();
          startActing();
        }}
      >
        <Field
          label="User ID or e-mail"
          name="uid"
          size="small"
          value={uid}
          onChange={(e) => {
            setUid(e.target.value);
            setInputError(null);
            actAs.reset();
          }}
          error={!!inputError || !!actAs.error}
          autoComplete="off"
          fullWidth
        />
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {canAct && (
            <Button
              type="submit"
              variant="contained"
              disabled={actAs.isPending}
              sx={{ flex: 1, whiteSpace: 'nowrap' }}
              startIcon={actAs.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              Act as
            </Button>
          )}
          <Button
            variant="outlined"
            sx={{ flex: 1 }}
            onClick={() => setDetails(value === '' ? String(user.id) : value)}
            aria-expanded={details !== null}
          >
            Details
          </Button>
        </Stack>
      </Stack>
      <ErrorLine message={inputError ?? actAs.error?.message} />
      <Collapse in={details !== null} unmountOnExit>
        <Box sx={{ mt: 1.5, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
            <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
              Details of {details === String(user.id) ? `${user.name} #${user.id}` : details}
            </Box>
            <Button size="small" onClick={() => setDetails(null)}>
              Hide
            </Button>
          </Stack>
          {details !== null && <UserDetailsTable uid={details} />}
        </Box>
      </Collapse>
    </Section>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Skeleton from '@mui/material/Skeleton';
import { type AdminFloatAction, LIMITS, PATHS, type UserData } from '@parlance/shared';
import { Link as RouterLink } from 'react-router';
import { useAdminFloat } from '../../features/admin/api';
import { ActAsSection, RestoreAdminBanner } from './sections/ActAsSection';
import { CountrySection } from './sections/CountrySection';
import { CurrencySection } from './sections/CurrencySection';
import { GoToProjectSection } from './sections/GoToProjectSection';
import { ErrorLine } from './sections/Section';

interface Props {
  open: boolean;
  onClose: () => void;
  /** the effective user: the acted-as user while acting, else the admin */
  user: UserData;
}

/**
 * The admin actions the server says this person may use (POST /admin/float, from the permissions
 * that guard each action's own call). Each acts on the effective user, which the header names.
 */
export function AdminToolsPanel({ open, onClose, user }: Props) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const float = useAdminFloat(open, user.id);
  const may = (action: AdminFloatAction) => float.data?.actions.includes(action) ?? false;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      scroll="paper"
      aria-labelledby="admin-tools-title"
      aria-describedby="admin-tools-applies-to"
      slotProps={{ paper: { sx: { maxWidth: LIMITS.dialogMaxWidth } } }}
    >
      <DialogTitle id="admin-tools-title" sx={{ pr: 7, pb: 0 }}>
        Admin actions
      </DialogTitle>
      <Typography id="admin-tools-applies-to" variant="body2" color="text.secondary" sx={{ px: 3, pb: 1.5 }}>
        Applies to:{' '}
        <Box component="strong" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {user.name} #{user.id}
        </Box>
        {float.data?.acting && <>, while you are signed in as {float.data.staff.name}</>}
      </Typography>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {float.isPending ? (
          <Stack spacing={2.5} role="status" aria-busy="true" aria-label="Loading the admin actions">
            <Skeleton variant="rounded" height={64} />
            <Skeleton variant="rounded" height={64} />
            <Skeleton variant="rounded" height={64} />
          </Stack>
        ) : float.isError ? (
          <ErrorLine message={float.error.message} />
        ) : (
          <Stack spacing={2.5} divider={<Divider flexItem />}>
            {may('restoreAdmin') && <RestoreAdminBanner user={user} onDone={onClose} />}
            {may('goToProject') && <GoToProjectSection onDone={onClose} />}
            {(may('actAs') || may('userDetails')) && (
              <ActAsSection user={user} onDone={onClose} canAct={may('actAs')} />
            )}
            {may('changeCurrency') && <CurrencySection user={user} />}
            {may('changeCountry') && <CountrySection user={user} />}
            {(may('adminSearch') || may('outbox')) && (
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
                {may('adminSearch') && (
                  <Link component={RouterLink} to={PATHS.admin} onClick={onClose} variant="body2">
                    Admin search
                  </Link>
                )}
                {may('outbox') && (
                  <Link component={RouterLink} to={PATHS.adminOutbox} onClick={onClose} variant="body2">
                    Outbox
                  </Link>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LIMITS, PATHS, TEXTS, type UserData } from '@parlance/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../ui/toast';
import { useNavigate } from 'react-router';
import { isActing, useRefreshUser } from '../../app/current-user';
import { request, resetCsrfToken } from '../../app/http';
import { AppLink } from '../../ui/AppLink';
import { Hint } from '../../ui/Hint';
import { firstChars, unreadLabel } from '../navigation';
import { ShellIcon } from '../shell-icons';
import { logoutErrorMessage, useLogout } from '../use-logout';
import { hasPermission } from '../../app/permissions';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The user's picture, or their initials when there is none or it fails to load (as MUI's Avatar). */
function UserAvatar({ user, size }: { user: UserData; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = user.thumb.src && user.thumb.src !== failed ? user.thumb.src : null;
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        userSelect: 'none',
        lineHeight: 1,
        color: 'background.default',
        bgcolor: src ? undefined : 'primary.main',
        fontSize: size * 0.4,
        fontWeight: 600,
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          onError={() => setFailed(src)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        initialsOf(user.name)
      )}
    </Box>
  );
}

/** The top of the sidebar: who is signed in, shortcuts, logout, sub-account switch (spec 1 section 2). */
export function UserBar({ user, expanded }: { user: UserData; expanded: boolean }) {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const acting = isActing(user);
  if (!expanded) return <CompactUserBar user={user} acting={acting} />;
  const company = user.billingAddress.Company;
  const beneficiaries = Object.entries(user.beneficiary);
  const unread = user.statistics.unreadMessages;
  return (
    <Box sx={{ px: 2, pt: 2, pb: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <UserAvatar user={user} size={44} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }} title={user.name}>
            Hello {firstChars(user.name, LIMITS.userBarNameChars)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={company || undefined}>
            {company ? `${firstChars(company, LIMITS.userBarCompanyChars)} · ` : ''}ID {user.id}
          </Typography>
        </Box>
      </Box>
      {acting && (
        <Box
          role="status"
          sx={{
            mt: 1.5,
            px: 1.25,
            py: 0.75,
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            border: 1,
            borderColor: 'warning.main',
            bgcolor: 'rgba(237, 108, 2, 0.1)',
            color: '#5f2b00',
            fontSize: 14,
            fontWeight: 600,
          }}
        >
          <ShellIcon name="acting" fontSize="small" aria-hidden />
          {/* a name can be 200 characters, one word: one line, cut with an ellipsis, whole on hover */}
          <Box
            component="span"
            title={`Acting as ${user.name}`}
            sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            Acting as {user.name}
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {hasPermission(user, 'backoffice.read') && (
          <Button
            size="small"
            variant="outlined"
            component={AppLink}
            href={PATHS.admin}
            startIcon={<ShellIcon name="admin" />}
          >
            Admin
          </Button>
        )}
        <LogoutButton />
      </Box>
      {mobile && (
        <Button
          component={AppLink}
          href={PATHS.mbox}
          startIcon={<ShellIcon name="messages" />}
          size="small"
          sx={{ mt: 1, justifyContent: 'flex-start', textAlign: 'left' }}
          fullWidth
        >
          <Box component="span">
            Messages
            <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary', fontWeight: 400 }}>
              {unreadLabel(unread)}
            </Box>
          </Box>
        </Button>
      )}
      {beneficiaries.length > 0 && <SwitchTo entries={beneficiaries} />}
    </Box>
  );
}

function CompactUserBar({ user, acting }: { user: UserData; acting: boolean }) {
  const logout = useLogout();
  return (
    <Box sx={{ py: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      <Hint title={acting ? `Acting as ${user.name}` : `Hello ${user.name} · ID ${user.id}`}>
        <Box sx={{ borderRadius: '50%', outline: acting ? 3 : 0, outlineColor: 'warning.main', outlineStyle: 'solid' }}>
          <UserAvatar user={user} size={40} />
        </Box>
      </Hint>
      <Hint title={logout.isError ? logoutErrorMessage(logout.error) : 'Logout'}>
        <span>
          <IconButton
            aria-label={logout.isError ? TEXTS.retry : 'Logout'}
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            color={logout.isError ? 'error' : 'default'}
          >
            {logout.isPending ? <CircularProgress size={20} /> : <ShellIcon name="logout" />}
          </IconButton>
        </span>
      </Hint>
    </Box>
  );
}

/** Logout (spec 1 section 4): spinner while pending; the reason and Retry after a failure. */
function LogoutButton() {
  const logout = useLogout();
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={logout.isError ? 'error' : 'inherit'}
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        startIcon={logout.isPending ? <CircularProgress size={16} color="inherit" /> : <ShellIcon name="logout" />}
        sx={{ borderColor: 'divider' }}
      >
        {logout.isError ? TEXTS.retry : 'Logout'}
      </Button>
      {logout.isError && (
        <Typography role="alert" variant="body2" color="error" sx={{ width: '100%' }}>
          {logoutErrorMessage(logout.error)}
        </Typography>
      )}
    </>
  );
}

/** Sub-accounts the user may switch to (user.beneficiary: id -> label). */
function SwitchTo({ entries }: { entries: [string, string][] }) {
  const refreshUser = useRefreshUser();
  const navigate = useNavigate();
  const switchTo = useMutation({
    mutationFn: async (uid: string) => {
      // POST /api/2/account/switchBA: into a sub-account, or back to the main account
      const answer = await request<{ status?: string; message?: string }>('/api/2/account/switchBA', {
        body: { form: { uid } },
      });
      if (answer?.status !== 'OK') throw new Error(answer?.message || TEXTS.unexpectedError);
      resetCsrfToken();
      await refreshUser();
      await navigate(PATHS.root);
    },
    onError: (e) => toast(e.message || TEXTS.unexpectedError, { variant: 'error' }),
  });
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 2 }}>
        {TEXTS.switchTo}
      </Typography>
      {entries.map(([uid, label]) => (
        <Button
          key={uid}
          size="small"
          fullWidth
          startIcon={
            switchTo.isPending && switchTo.variables === uid ? (
              <CircularProgress size={16} />
            ) : (
              <ShellIcon name="switchAccount" />
            )
          }
          disabled={switchTo.isPending}
          onClick={() => switchTo.mutate(uid)}
          sx={{ justifyContent: 'flex-start' }}
        >
          {label}
        </Button>
      ))}
    </Box>
  );
}

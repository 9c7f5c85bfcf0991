import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type PublicProfile, SOCIAL_NETWORKS } from '@parlance/shared';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { HttpError } from '../../../app/http';
import { AppLink } from '../../../ui/AppLink';
import { countryName, formatDate } from '../../../ui/format';
import { PageContainer } from '../../../ui/PageContainer';
import { publicProfileQuery } from '../extras-api';

// /profile/show (redirects here, spec 1 section 2) and /profile-legacy/show/<user id>: the read-only
// public profile. One's own, or a translator's to the customers who work with them (and admins).

export default function PublicProfilePage() {
  const splat = useParams()['*'] ?? '';
  const id = /^\d+$/.test(splat.replace(/\/$/, '')) ? Number(splat.replace(/\/$/, '')) : null;
  const profile = useQuery({ ...publicProfileQuery(id), retry: (n, err) => !(err instanceof HttpError) && n < 2 });

  if (profile.isPending)
    return (
      <PageContainer title="Public profile">
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }}>
          <CircularProgress size={22} />
          <Typography color="text.secondary">Loading…</Typography>
        </Box>
      </PageContainer>
    );
  if (profile.error)
    return (
      <PageContainer title="Public profile">
        <Alert severity="error" role="alert">
          {profile.error instanceof HttpError && profile.error.status === 404
            ? 'This profile does not exist or is not shared with you.'
            : 'Could not load the profile. Please reload the page.'}
        </Alert>
      </PageContainer>
    );
  const p = profile.data;
  return (
    <PageContainer
      title={p.isSelf ? 'Your public profile' : p.name}
      subtitle={p.isSelf ? 'What customers who work with you see.' : undefined}
    >
      {/* what people typed (a name, a bio, a link) wraps even as one long word, on a phone too */}
      <Stack spacing={3} sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        <Header profile={p} />
        <Body profile={p} />
      </Stack>
    </PageContainer>
  );
}

function Header({ profile: p }: { profile: PublicProfile }) {
  const initials = p.name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const facts = [
    p.country ? countryName(p.country) : null,
    `Member since ${formatDate(p.memberSince)}`,
    p.level !== null ? `Level ${p.level}` : null,
    p.type === 'translator' ? `${p.completedProjects} completed projects` : null,
  ].filter(Boolean);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar
          src={p.avatarUrl ?? undefined}
          alt=""
          sx={{ width: 72, height: 72, fontSize: 28, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initials}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
            {p.name}
          </Typography>
          {p.company && <Typography color="text.secondary">{p.company}</Typography>}
          <Typography color="text.secondary">{facts.join(' · ')}</Typography>
        </Box>
        {p.isSelf && (
          <Button component={AppLink} href="/profile#account" variant="outlined">
            Edit profile
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Chips({ items }: { items: string[] }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {items.map((i) => (
        <Chip key={i} label={i} variant="outlined" />
      ))}
    </Stack>
  );
}

function Body({ profile: p }: { profile: PublicProfile }) {
  const networks = SOCIAL_NETWORKS.filter((n) => p.networks[n.id]);
  const parts: ReactNode[] = [];
  if (p.bio)
    parts.push(
      <Part key="bio" title="About">
        <Typography sx={{ whiteSpace: 'pre-line' }}>{p.bio}</Typography>
      </Part>,
    );
  if (p.nativeLanguages.length || p.languagePairs.length)
    parts.push(
      <Part key="languages" title="Languages">
        {p.nativeLanguages.length > 0 && (
          <Typography sx={{ mb: 1.5 }}>
            Native: <strong>{p.nativeLanguages.join(', ')}</strong>
          </Typography>
        )}
        <Chips items={p.languagePairs.map((l) => `${l.source} → ${l.target}`)} />
      </Part>,
    );
  if (p.expertise.length)
    parts.push(
      <Part key="expertise" title="Expertise">
        <Chips items={p.expertise} />
      </Part>,
    );
  if (p.transcriptionLanguages.length)
    parts.push(
      <Part key="transcription" title="Transcription">
        <Chips items={p.transcriptionLanguages} />
      </Part>,
    );
  if (p.software.length || p.services.length)
    parts.push(
      <Part key="software" title="Software & services">
        <Stack spacing={1.5}>
          {p.software.length > 0 && <Chips items={p.software} />}
          {p.services.length > 0 && <Chips items={p.services} />}
        </Stack>
      </Part>,
    );
  if (networks.length)
    parts.push(
      <Part key="networks" title="Social networks">
        <Stack spacing={0.75}>
          {networks.map((n) => (
            <Typography key={n.id} sx={{ wordBreak: 'break-all' }}>
              {n.label}:{' '}
              <Link href={p.networks[n.id]} target="_blank" rel="noopener noreferrer nofollow">
                {p.networks[n.id]}
              </Link>
            </Typography>
          ))}
        </Stack>
      </Part>,
    );
  if (parts.length === 0)
    return (
      <Alert severity="info" role="status">
        {p.isSelf ? (
          <>
            Nothing to show yet. <AppLink href="/profile#account">Fill in your profile</AppLink> and it appears here.
          </>
        ) : (
          'This user has not filled in a profile yet.'
        )}
      </Alert>
    );
  return <Stack spacing={2}>{parts}</Stack>;
}

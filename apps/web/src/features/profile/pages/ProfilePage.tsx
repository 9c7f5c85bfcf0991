import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PROFILE_SECTION_TITLES, type ProfileSectionId, profileSectionsFor, type UserData } from '@parlance/shared';
import { type ReactNode, Suspense } from 'react';
import { lazy } from '../../../ui/lazy';
import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { AppLink } from '../../../ui/AppLink';
import { useAclGroups } from '../../../app/auth-token';
import { useCurrentUser } from '../../../app/current-user';
import { PageContainer } from '../../../ui/PageContainer';
import { AccountSection } from '../components/AccountSection';
import { BioSection } from '../components/BioSection';
import { DeleteAccountCard } from '../components/DeleteAccountCard';
import { NetworksCard } from '../components/NetworksCard';
import { PhoneVerifyCard } from '../components/PhoneVerifyCard';
import { PreferredTranslatorsCard } from '../components/PreferredTranslatorsCard';

// The account tab (what /profile shows) is part of this chunk; every other tab is its own chunk,
// loaded when that tab is shown (the page's first load carried all twenty of them).
const ApiKeysSection = lazy(() => import('../components/ApiKeysSection').then((m) => ({ default: m.ApiKeysSection })));
const AvailabilitySection = lazy(() =>
  import('../components/AvailabilitySection').then((m) => ({ default: m.AvailabilitySection })),
);
const ExpertiseSection = lazy(() =>
  import('../components/ExpertiseSection').then((m) => ({ default: m.ExpertiseSection })),
);
const LanguagesSection = lazy(() =>
  import('../components/LanguagesSection').then((m) => ({ default: m.LanguagesSection })),
);
const NotesPage = lazy(() => import('../components/NotesPage').then((m) => ({ default: m.NotesPage })));
const ReferencesSection = lazy(() =>
  import('../components/ReferencesSection').then((m) => ({ default: m.ReferencesSection })),
);
const SoftwareServicesSection = lazy(() =>
  import('../components/SoftwareServicesSection').then((m) => ({ default: m.SoftwareServicesSection })),
);
const SubAccountsWithHistory = lazy(() =>
  import('../components/SubAccountsSection').then((m) => ({ default: m.SubAccountsWithHistory })),
);
const GlossarySection = lazy(() =>
  import('../components/GlossarySection').then((m) => ({ default: m.GlossarySection })),
);
const TerminologySection = lazy(() =>
  import('../components/TerminologySection').then((m) => ({ default: m.TerminologySection })),
);
const TranslationMemorySection = lazy(() =>
  import('../components/TranslationMemorySection').then((m) => ({ default: m.TranslationMemorySection })),
);
const UploadsSection = lazy(() => import('../components/UploadsSection').then((m) => ({ default: m.UploadsSection })));
const WalkThrough = lazy(() => import('../components/WalkThrough').then((m) => ({ default: m.WalkThrough })));
const BillingSection = lazy(() => import('../components/BillingSection').then((m) => ({ default: m.BillingSection })));
const MailingSection = lazy(() => import('../components/MailingSection').then((m) => ({ default: m.MailingSection })));
const PasswordSection = lazy(() =>
  import('../components/PasswordSection').then((m) => ({ default: m.PasswordSection })),
);
const PrivacySection = lazy(() => import('../components/PrivacySection').then((m) => ({ default: m.PrivacySection })));
const TwoFactorEnableSection = lazy(() =>
  import('../components/TwoFactorSection').then((m) => ({ default: m.TwoFactorEnableSection })),
);
const TwoFactorDisableSection = lazy(() =>
  import('../components/TwoFactorSection').then((m) => ({ default: m.TwoFactorDisableSection })),
);
const GuidelinesSection = lazy(() =>
  import('../components/GuidelinesSection').then((m) => ({ default: m.GuidelinesSection })),
);
const TelegramSection = lazy(() =>
  import('../components/TelegramSection').then((m) => ({ default: m.TelegramSection })),
);
const TranscriptionCard = lazy(() =>
  import('../components/TranscriptionCard').then((m) => ({ default: m.TranscriptionCard })),
);

// /profile: one page, one section per hash (spec 2 section 2). The sidebar's Profile and Security
// items link to the hashes; the tabs show the sections this user has.

/** The sections built so far; the others of the spec's list say so instead of showing a stale form. */
function sectionContent(id: ProfileSectionId, user: UserData): ReactNode | null {
  switch (id) {
    case 'account':
      return (
        <Stack spacing={3}>
          <AccountSection />
          <PhoneVerifyCard />
          {user.type === 'customer' && <PreferredTranslatorsCard />}
          {user.type === 'translator' && <BioSection />}
          {user.type === 'translator' && <NetworksCard />}
          {user.type !== 'admin' && <DeleteAccountCard />}
        </Stack>
      );
    case 'languages':
      return (
        <Stack spacing={3}>
          <LanguagesSection />
          <TranscriptionCard userId={user.id} />
        </Stack>
      );
    case 'expertise':
      return <ExpertiseSection />;
    case 'time':
      return <AvailabilitySection />;
    case 'uploads':
      return <UploadsSection />;
    case 'references':
      return <ReferencesSection />;
    case 'software_services':
      return <SoftwareServicesSection />;
    case 'translator_guidelines':
      return <GuidelinesSection />;
    case 'telegram':
      return <TelegramSection />;
    case 'billing':
      return <BillingSection userId={user.id} />;
    case 'password':
      return <PasswordSection hasPassword={user.hasPassword} />;
    case 'mailing':
      return <MailingSection user={user} />;
    case 'tfa_enable':
      return <TwoFactorEnableSection />;
    case 'tfa_disable':
      return <TwoFactorDisableSection />;
    case 'privacy_policy':
      return <PrivacySection />;
    case 'apikeys':
      return <ApiKeysSection />;
    case 'sub_account':
      return user.type === 'customer' ? <SubAccountsWithHistory /> : null;
    case 'terminology':
      return <TerminologySection />;
    case 'glossary':
      return <GlossarySection userId={user.id} />;
    case 'translation_memory':
      return <TranslationMemorySection userId={user.id} />;
    default:
      return null;
  }
}

const BUILT: readonly ProfileSectionId[] = [
  'account',
  'languages',
  'expertise',
  'uploads',
  'time',
  'references',
  'software_services',
  'translator_guidelines',
  'telegram',
  'billing',
  'mailing',
  'tfa_enable',
  'tfa_disable',
  'password',
  'privacy_policy',
  'apikeys',
  'sub_account',
  'terminology',
  'glossary',
  'translation_memory',
];

const MODEL_TRAINING_GROUP = 'role.model-training-expert';

export default function ProfilePage() {
  const { data: user } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const aclGroups = useAclGroups(user?.type === 'translator');
  if (!user) return null;

  // spec 1 section 2: /profile/show redirects to /profile-legacy/show/ (the public profile)
  if (location.pathname.replace(/\/+$/, '').endsWith('/profile/show'))
    return <Navigate to="/profile-legacy/show/" replace />;

  if (location.pathname.replace(/\/+$/, '').endsWith('/custom_notes') && user.type !== 'translator')
    return (
      <Suspense fallback={<SectionLoading />}>
        <NotesPage />
      </Suspense>
    );

  if (user.type === 'translator' && new URLSearchParams(location.search).get('flow') === '1')
    return (
      <PageContainer title="Set up your profile" subtitle="A few steps, and matching projects will be offered to you.">
        <Suspense fallback={<SectionLoading />}>
          <WalkThrough />
        </Suspense>
      </PageContainer>
    );

  const isModelTrainingExpert = aclGroups.includes(MODEL_TRAINING_GROUP);
  const visible = profileSectionsFor({ ...user, isModelTrainingExpert }).filter(
    (id) => BUILT.includes(id) && (id !== 'sub_account' || user.type === 'customer'),
  );
  const asked = location.hash.replace(/^#/, '') as ProfileSectionId;
  // the 2-step hashes follow the state: #tfa_enable while on shows the turn-off form, and back
  const twoFactorSwap: Partial<Record<ProfileSectionId, ProfileSectionId>> = user.twoFactorEnabled
    ? { tfa_enable: 'tfa_disable' }
    : { tfa_disable: 'tfa_enable' };
  const wanted = twoFactorSwap[asked] ?? asked;
  const current: ProfileSectionId = visible.includes(wanted) ? wanted : 'account';
  const unknownHash = asked && !visible.includes(wanted);

  return (
    <PageContainer
      title="Profile"
      subtitle={
        <>
          {user.name} · {user.email}
          {user.type === 'translator' && (
            <Button component={AppLink} href="/profile/show" size="small" sx={{ ml: 1 }}>
              View public profile
            </Button>
          )}
        </>
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current}
          onChange={(_e, id: ProfileSectionId) => navigate({ hash: `#${id}` })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Profile sections"
        >
          {visible.map((id) => (
            <Tab key={id} value={id} label={PROFILE_SECTION_TITLES[id]} id={`profile-tab-${id}`} />
          ))}
        </Tabs>
      </Box>
      {unknownHash && (
        <Alert severity="info" sx={{ mb: 2 }}>
          The section “{asked}” is not part of your profile. Here is your account information.
        </Alert>
      )}
      <div role="tabpanel" aria-labelledby={`profile-tab-${current}`}>
        <Suspense fallback={<SectionLoading />}>{sectionContent(current, user)}</Suspense>
      </div>
    </PageContainer>
  );
}

function SectionLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

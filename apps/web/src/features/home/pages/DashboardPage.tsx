import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import BadgeIcon from '@mui/icons-material/BadgeOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import SearchIcon from '@mui/icons-material/ManageSearch';
import MailIcon from '@mui/icons-material/OutboxOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import TranslateIcon from '@mui/icons-material/TranslateOutlined';
import WorkIcon from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { PATHS, type Permission, type UserData } from '@parlance/shared';
import { useState } from 'react';
import { useCurrentUser } from '../../../app/current-user';
import { hasPermission } from '../../../app/permissions';
import { PageContainer } from '../../../ui/PageContainer';
import { greeting } from '../greeting';
import { AccountSummary } from '../components/AccountSummary';
import { ProbationNotice } from '../components/ProbationNotice';
import { type QuickLink, QuickLinkGrid } from '../components/QuickLinkCard';
import { AvailabilityCard } from '../components/dashboard/AvailabilityCard';
import { DashCard } from '../components/dashboard/DashCard';
import { BalanceCard, PendingCard } from '../components/dashboard/EarningsCards';
import { LevelingBody } from '../components/dashboard/LevelingCard';
import { StatementCard } from '../components/dashboard/StatementCard';
import { StatisticsCard } from '../components/dashboard/StatisticsCard';
import { useAdditionalData } from '../dashboard-api';
import { useDeferredAnswer } from '../../../ui/use-deferred-answer';

function translatorLinks(): QuickLink[] {
  return [
    {
      title: 'Open projects',
      description: 'Projects in your language pairs waiting for a translator.',
      href: PATHS.openProjects,
      icon: WorkIcon,
      primary: true,
    },
    {
      title: 'My projects',
      description: 'The work you have taken, reviews and deliveries.',
      href: `${PATHS.myProjects}/translator`,
      icon: FolderIcon,
    },
    { title: 'My Balance', description: 'Your earnings and payouts.', href: PATHS.balance, icon: WalletIcon },
    {
      title: 'Statements',
      description: 'Every credit movement of your account.',
      href: PATHS.statement,
      icon: AccountBalanceIcon,
    },
    {
      title: 'Language skills',
      description: 'The language pairs and expertise that decide which projects you see.',
      href: `${PATHS.profile}#languages`,
      icon: TranslateIcon,
    },
    {
      title: 'Messages',
      description: 'Notices about your account and your projects.',
      href: PATHS.mbox,
      icon: InboxIcon,
    },
  ];
}

function adminLinks(user: UserData): QuickLink[] {
  const links: (QuickLink & { permission?: Permission })[] = [
    {
      title: 'Admin search',
      description: 'Find users by ID, name or email and act on their behalf.',
      href: PATHS.admin,
      icon: SearchIcon,
      primary: true,
      permission: 'backoffice.read',
    },
    { title: 'Projects', description: 'All projects on the platform.', href: PATHS.myProjects, icon: FolderIcon },
    { title: 'Invoices', description: 'Invoices issued to customers.', href: PATHS.invoices, icon: ReceiptIcon },
    {
      title: 'Statements',
      description: 'Credit movements and balances.',
      href: PATHS.statement,
      icon: AccountBalanceIcon,
    },
    {
      title: 'Outbox',
      description: 'Emails the platform has sent.',
      href: PATHS.adminOutbox,
      icon: MailIcon,
      permission: 'outbox.read',
    },
    {
      title: 'Language-manager dashboard',
      description: 'Project health: waiting, late and low-quality work, and capacity per language pair.',
      href: PATHS.lmDashboard,
      icon: InsightsIcon,
      permission: 'languages.write',
    },
    {
      title: 'Profile',
      description: 'Your account and security settings.',
      href: `${PATHS.profile}#account`,
      icon: BadgeIcon,
    },
  ];
  // each back-office screen only for staff holding its permission
  return links.filter((l) => !l.permission || hasPermission(user, l.permission));
}

function linksFor(user: UserData): QuickLink[] {
  return user.type === 'admin' ? adminLinks(user) : translatorLinks();
}

const GRID = {
  display: 'grid',
  gap: 2,
  mb: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
} as const;

/**
 * The translator's home (spec 2 section 2): statistics, leveling, balance, pending and converted
 * credits, availability and the statement. Each card loads on its own; one that fails stays quiet.
 * The cards with calls of their own (statistics, balance, statement) are memoized: this component
 * renders again when the additional data arrives, and would draw them all again with it.
 */
function TranslatorDashboard({ user }: { user: UserData }) {
  const [pendingPage, setPendingPage] = useState(1);
  const extra = useDeferredAnswer(useAdditionalData(pendingPage));
  const data = extra.data;
  return (
    <Box sx={GRID}>
      <StatisticsCard />
      <DashCard title="Leveling" id="dash-leveling" loading={extra.isPending} failed={extra.isError}>
        {data && <LevelingBody leveling={data.leveling} medals={data.translator_info.medals} translatorId={user.id} />}
      </DashCard>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <BalanceCard />
        <PendingCard
          data={data}
          loading={extra.isPending}
          failed={extra.isError}
          page={pendingPage}
          onPage={setPendingPage}
        />
        <AvailabilityCard data={data} loading={extra.isPending} failed={extra.isError} />
      </Stack>
      <StatementCard />
    </Box>
  );
}

/** /dashboard: the translator's and the admin's home. */
export default function DashboardPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const translator = user.type === 'translator';
  return (
    <PageContainer
      title={greeting(user)}
      subtitle={user.type === 'admin' ? 'The back office at a glance.' : 'Your work, your level and your earnings.'}
    >
      {translator && <ProbationNotice />}
      {translator ? <TranslatorDashboard user={user} /> : <AccountSummary user={user} />}
      <QuickLinkGrid links={linksFor(user)} />
    </PageContainer>
  );
}

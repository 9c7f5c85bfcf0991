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
import { PATHS, type UserData } from '@parlance/shared';
import { useCurrentUser } from '../../../app/current-user';
import { PageContainer } from '../../../ui/PageContainer';
import { AccountSummary } from '../components/AccountSummary';
import { ProbationNotice } from '../components/ProbationNotice';
import { type QuickLink, QuickLinkGrid } from '../components/QuickLinkCard';

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

function adminLinks(): QuickLink[] {
  return [
    {
      title: 'Admin search',
      description: 'Find users by ID, name or email and act on their behalf.',
      href: PATHS.admin,
      icon: SearchIcon,
      primary: true,
    },
    { title: 'Projects', description: 'All projects on the platform.', href: PATHS.myProjects, icon: FolderIcon },
    { title: 'Invoices', description: 'Invoices issued to customers.', href: PATHS.invoices, icon: ReceiptIcon },
    {
      title: 'Statements',
      description: 'Credit movements and balances.',
      href: PATHS.statement,
      icon: AccountBalanceIcon,
    },
    { title: 'Outbox', description: 'Emails the platform has sent.', href: PATHS.adminOutbox, icon: MailIcon },
    {
      title: 'Language-manager dashboard',
      description: 'Project health: waiting, late and low-quality work, and capacity per language pair.',
      href: PATHS.lmDashboard,
      icon: InsightsIcon,
    },
    {
      title: 'Profile',
      description: 'Your account and security settings.',
      href: `${PATHS.profile}#account`,
      icon: BadgeIcon,
    },
  ];
}

function linksFor(user: UserData): QuickLink[] {
  return user.type === 'admin' ? adminLinks() : translatorLinks();
}

/** /dashboard: the translator's and the admin's home. */
export default function DashboardPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <PageContainer
      title={`Welcome back, ${user.name}`}
      subtitle={user.type === 'admin' ? 'The back office at a glance.' : 'Pick up where you left off.'}
    >
      {user.type === 'translator' && <ProbationNotice />}
      <AccountSummary user={user} />
      <QuickLinkGrid links={linksFor(user)} />
    </PageContainer>
  );
}

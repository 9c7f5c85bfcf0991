import AddIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import MailIcon from '@mui/icons-material/OutboxOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { LIMITS, PATHS, type UserData } from '@parlance/shared';
import { useCurrentUser } from '../../../app/current-user';
import { hasPermission } from '../../../app/permissions';
import { ShellIcon } from '../../../shell/shell-icons';
import { PageContainer } from '../../../ui/PageContainer';
import { AccountSummary } from '../components/AccountSummary';
import { CustomerOverview } from '../components/CustomerOverview';
import { type QuickLink, QuickLinkGrid } from '../components/QuickLinkCard';
import { greeting } from '../greeting';

// the sidebar's icons (loaded with it on every signed-in page) rather than one chunk per icon
const AddCardIcon = (props: SvgIconProps) => <ShellIcon {...props} name="buyCredits" />;
const BadgeIcon = (props: SvgIconProps) => <ShellIcon {...props} name="account" />;
const FolderIcon = (props: SvgIconProps) => <ShellIcon {...props} name="projects" />;
const InboxIcon = (props: SvgIconProps) => <ShellIcon {...props} name="messages" />;
const SearchIcon = (props: SvgIconProps) => <ShellIcon {...props} name="search" />;
const ReceiptIcon = (props: SvgIconProps) => <ShellIcon {...props} name="invoices" />;

function linksFor(user: UserData): QuickLink[] {
  const links: QuickLink[] = [];
  // ordering is a customer's (staff order by acting as one)
  if (user.type === 'customer') {
    links.push({
      title: 'Order a translation',
      description: 'Upload a file or paste text, choose languages and see the price before you pay.',
      href: PATHS.wizard,
      icon: AddIcon,
      primary: true,
    });
  }
  const translator = user.type === 'translator';
  links.push({
    title: 'Projects',
    description: translator
      ? 'The jobs you took, what you delivered and what you earned.'
      : user.type === 'admin'
        ? 'All projects on the platform.'
        : 'Follow your orders, download finished work and rate your translators.',
    href: user.type === 'customer' ? `${PATHS.myProjects}/customer` : PATHS.myProjects,
    icon: FolderIcon,
  });
  if (translator) {
    links.push(
      {
        title: 'Open Projects',
        description: 'Jobs in your language pairs waiting for a translator.',
        href: PATHS.openProjects,
        icon: SearchIcon,
      },
      {
        title: 'Balance',
        description: 'Your earnings, and payouts to your payment method.',
        href: PATHS.balance,
        icon: ReceiptIcon,
      },
    );
  }
  if (user.type !== 'translator') {
    links.push({
      title: 'Buy credits',
      description: 'Top up your balance so new orders start without a payment step.',
      href: `/payment/quote/?amount=${LIMITS.defaultCreditPurchaseAmount}`,
      icon: AddCardIcon,
    });
    links.push({
      title: 'Invoices',
      description: 'Download the invoices of your payments.',
      href: PATHS.invoices,
      icon: ReceiptIcon,
    });
  }
  links.push(
    {
      title: 'Messages',
      description: 'Notices about your account and your projects.',
      href: PATHS.mbox,
      icon: InboxIcon,
    },
    {
      title: 'Profile',
      description: translator
        ? 'Account information, language pairs, payout details, mailing preferences and security.'
        : 'Account information, billing address, mailing preferences and security.',
      href: `${PATHS.profile}#account`,
      icon: BadgeIcon,
    },
  );
  if (hasPermission(user, 'backoffice.read')) {
    links.push({
      title: 'Admin search',
      description: hasPermission(user, 'users.act')
        ? 'Find users by ID, name or email and act on their behalf.'
        : 'Find users by ID, name or email.',
      href: PATHS.admin,
      icon: SearchIcon,
    });
  }
  if (hasPermission(user, 'outbox.read')) {
    links.push({
      title: 'Outbox',
      description: 'Emails the platform has sent.',
      href: PATHS.adminOutbox,
      icon: MailIcon,
    });
  }
  return links;
}

/** /cpanel: the customer's home (and a control panel for everyone). */
export default function CpanelPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <PageContainer
      title={greeting(user)}
      subtitle={
        user.firstVisit ? 'Your account is ready. Here is where to start.' : 'Here is where to pick up your work.'
      }
    >
      {user.type === 'customer' ? <CustomerOverview user={user} /> : <AccountSummary user={user} />}
      <QuickLinkGrid links={linksFor(user)} />
    </PageContainer>
  );
}

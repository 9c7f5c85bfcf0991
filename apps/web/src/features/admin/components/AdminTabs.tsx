import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PATHS } from '@parlance/shared';
import { Link, useLocation } from 'react-router';
import { usePermission } from '../../../app/current-user';

// The admin area's own navigation: user search, audit log (a tab of /admin), the mail outbox and payments.
export type AdminTab =
  | 'users'
  | 'audit'
  | 'outbox'
  | 'payments'
  | 'payouts'
  | 'alerts'
  | 'chat'
  | 'acl'
  | 'probation'
  | 'features'
  | 'rates'
  | 'moderation'
  | 'vocabulary';

export const AUDIT_TAB_SEARCH = '?tab=audit';

export function currentAdminTab(pathname: string, search: string): AdminTab {
  if (pathname.startsWith(PATHS.adminOutbox)) return 'outbox';
  if (pathname.startsWith(PATHS.adminPayments)) return 'payments';
  if (pathname.startsWith(PATHS.convert)) return 'payouts';
  if (pathname.startsWith(PATHS.clientAlerts)) return 'alerts';
  if (pathname.startsWith(PATHS.adminAcl)) return 'acl';
  if (pathname.startsWith(PATHS.adminProbation)) return 'probation';
  if (pathname.startsWith(PATHS.adminFeatures)) return 'features';
  if (pathname.startsWith(PATHS.adminRates)) return 'rates';
  if (pathname.startsWith(PATHS.adminModeration)) return 'moderation';
  if (pathname.startsWith(PATHS.adminVocabulary)) return 'vocabulary';
  return new URLSearchParams(search).get('tab') === 'audit' ? 'audit' : 'users';
}

export function AdminTabs() {
  const { pathname, search } = useLocation();
  const value = currentAdminTab(pathname, search);
  // every staff account reads the back office; the outbox and the moderation tabs need their own
  const canReadOutbox = usePermission('outbox.read');
  const canModerate = usePermission('moderation.write');
  return (
    <Tabs
      value={value}
      aria-label="Admin sections"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, '& .MuiTab-root': { textTransform: 'none', fontSize: 15 } }}
    >
      <Tab value="users" label="User search" component={Link} to={PATHS.admin} />
      <Tab value="audit" label="Audit log" component={Link} to={`${PATHS.admin}${AUDIT_TAB_SEARCH}`} />
      {canReadOutbox && <Tab value="outbox" label="Outbox" component={Link} to={PATHS.adminOutbox} />}
      <Tab value="payments" label="Payments" component={Link} to={PATHS.adminPayments} />
      <Tab value="payouts" label="Payouts" component={Link} to={PATHS.convert} />
      <Tab value="alerts" label="Client alerts" component={Link} to={PATHS.clientAlerts} />
      {/* a customer's team chats, looked up by external id (the chat's admin view) */}
      <Tab value="chat" label="Team chat" component={Link} to="/admin/blend-talk" />
      <Tab value="acl" label="Roles" component={Link} to={PATHS.adminAcl} />
      <Tab value="probation" label="Probation" component={Link} to={PATHS.adminProbation} />
      <Tab value="features" label="Features" component={Link} to={PATHS.adminFeatures} />
      <Tab value="rates" label="Exchange rates" component={Link} to={PATHS.adminRates} />
      {canModerate && <Tab value="moderation" label="Moderation" component={Link} to={PATHS.adminModeration} />}
      {canModerate && <Tab value="vocabulary" label="Vocabulary" component={Link} to={PATHS.adminVocabulary} />}
    </Tabs>
  );
}

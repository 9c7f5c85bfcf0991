import { useLocation } from 'react-router';
import { AdminPageLayout } from '../components/AdminPageLayout';
import { currentAdminTab } from '../components/AdminTabs';
import { AuditLog } from '../components/AuditLog';
import { UserSearch } from '../components/UserSearch';

/** /admin: the admin user search, and the audit log as its second tab (?tab=audit). */
export default function AdminSearchPage() {
  const { pathname, search } = useLocation();
  const tab = currentAdminTab(pathname, search);
  return <AdminPageLayout>{tab === 'audit' ? <AuditLog /> : <UserSearch />}</AdminPageLayout>;
}

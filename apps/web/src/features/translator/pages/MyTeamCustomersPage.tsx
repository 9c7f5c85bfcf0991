import { useCurrentUser } from '../../../app/current-user';
import { PageContainer } from '../../../ui/PageContainer';
import { CustomerMyTeam } from '../components/CustomerMyTeam';
import { MyTeamCustomers } from '../components/MyTeamCustomers';

// /myteam and /my-team (spec 1 §2): a translator sees the customers who have them in their team; a
// customer manages their preferred translators. Staff do not open it (the route table): its calls
// are the customer's and the translator's own.

export default function MyTeamCustomersPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  if (user.type === 'translator') {
    return (
      <PageContainer
        title="My Team customers"
        subtitle="Customers who added you to their team: their new projects are offered to you first."
      >
        <MyTeamCustomers translatorId={user.id} />
      </PageContainer>
    );
  }
  return (
    <PageContainer
      title="My Team"
      subtitle="Your preferred translators: your new projects are offered to them first, before everybody else."
    >
      <CustomerMyTeam />
    </PageContainer>
  );
}

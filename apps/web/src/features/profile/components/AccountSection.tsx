import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { lazy } from '../../../ui/lazy';
import { accountDetailsQuery } from '../api';
import { SectionCard, SectionState } from './SectionCard';

// The form is a chunk of its own (with react-hook-form), loaded beside the section's data.
const loadForm = () => import('./AccountForm');
const AccountForm = lazy(() => loadForm().then((m) => ({ default: m.AccountForm })));

export function AccountSection() {
  const details = useQuery(accountDetailsQuery);
  useEffect(() => void loadForm(), []);
  return (
    <SectionCard title="Account Information" intro="Your name and contact details, as they appear on your projects.">
      <SectionState loading={details.isPending} error={details.error} />
      {details.data && (
        <Suspense fallback={<SectionState loading error={null} />}>
          <AccountForm details={details.data} />
        </Suspense>
      )}
    </SectionCard>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { lazy } from '../../../ui/lazy';
import { phoneStatusQuery } from '../api';
import { SectionCard, SectionState } from './SectionCard';

// SMS verification (spec 2 section 4: start, code sent, verify). The forms are a chunk of their own
// (with react-hook-form), loaded beside the section's data.

const loadForms = () => import('./PhoneVerifyForms');
const PhoneVerifyForms = lazy(() => loadForms().then((m) => ({ default: m.PhoneVerifyForms })));

export function PhoneVerifyCard() {
  const status = useQuery(phoneStatusQuery);
  useEffect(() => void loadForms(), []);
  return (
    <SectionCard title="SMS verification" intro="Verify your phone number with a code we send by text message.">
      <SectionState loading={status.isPending} error={status.error} />
      {status.data && (
        <Suspense fallback={<SectionState loading error={null} />}>
          <PhoneVerifyForms status={status.data} />
        </Suspense>
      )}
    </SectionCard>
  );
}

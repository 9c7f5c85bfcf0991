import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { lazy } from '../../../ui/lazy';
import { translatorProfileQuery } from '../translator-api';
import { SectionCard, SectionState } from './SectionCard';

// The form is a chunk of its own (with react-hook-form), loaded beside the section's data.
const loadForm = () => import('./BioForm');
const BioForm = lazy(() => loadForm().then((m) => ({ default: m.BioForm })));

export function BioSection() {
  const profile = useQuery(translatorProfileQuery);
  useEffect(() => void loadForm(), []);
  return (
    <SectionCard title="About me" intro="A few sentences customers read before they choose you.">
      <SectionState loading={profile.isPending} error={profile.error} />
      {profile.data && (
        <Suspense fallback={<SectionState loading error={null} />}>
          <BioForm bio={profile.data.bio} />
        </Suspense>
      )}
    </SectionCard>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { lazy } from '../../../ui/lazy';
import { networksQuery } from '../extras-api';
import { SectionCard, SectionState } from './SectionCard';

// Social networks (updateNetworksInfo): shown on the public profile (/profile/show). The form is a
// chunk of its own (with react-hook-form), loaded beside the section's data.

const loadForm = () => import('./NetworksForm');
const NetworksForm = lazy(() => loadForm().then((m) => ({ default: m.NetworksForm })));

export function NetworksCard() {
  const networks = useQuery(networksQuery);
  useEffect(() => void loadForm(), []);
  return (
    <SectionCard
      title="Social networks"
      intro="Links customers see on your public profile. Leave a field empty to remove it."
    >
      <SectionState loading={networks.isPending} error={networks.error} />
      {networks.data && (
        <Suspense fallback={<SectionState loading error={null} />}>
          <NetworksForm networks={networks.data} />
        </Suspense>
      )}
    </SectionCard>
  );
}

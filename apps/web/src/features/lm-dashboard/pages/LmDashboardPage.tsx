import { LM_TEXTS } from '@parlance/shared';
import { PageContainer } from '../../../ui/PageContainer';
import { CapacityTable } from '../components/CapacityTable';
import { DashboardFilters } from '../components/DashboardFilters';
import { Tiles } from '../components/Tiles';
import { useFilterState } from '../filters';

/** The tiles of project health with their filters, and the capacity per language pair (spec 3 section 2). */
export default function LmDashboardPage() {
  const { state, update, filters, search } = useFilterState();
  return (
    <PageContainer title={LM_TEXTS.title}>
      <DashboardFilters state={state} onChange={update} />
      <Tiles filters={filters} search={search.toString()} />
      <CapacityTable filters={filters} />
    </PageContainer>
  );
}

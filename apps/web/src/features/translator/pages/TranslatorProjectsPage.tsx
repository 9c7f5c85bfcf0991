import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { PATHS, PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../app/current-user';
import { TextLink } from '../../../ui/TextLink';
import { PageContainer } from '../../../ui/PageContainer';
import { MY_PROJECTS_TABS, type MyProjectsTab, myProjectsQuery, type Paging, useIsMyTeamMember } from '../api';
import { EarningsSummary } from '../components/EarningsSummary';
import { type Column, ProjectTable } from '../components/ProjectTable';

// The translator's My Projects (/my-projects/translator and /my-projects/{tab}; spec 1 §2): the
// earnings summary and six tabs, each its own paged query (id descending, first rows-per-page
// option by default). A failing tab shows a quiet line and never blocks the others (spec 1 §8).

const COLUMNS: readonly Column[] = ['id', 'name', 'languages', 'status', 'deadline', 'earnings'];
const REVIEW_COLUMNS: readonly Column[] = ['id', 'name', 'languages', 'status', 'score', 'earnings'];

function tabOf(pathname: string): MyProjectsTab {
  const segment = pathname.slice(PATHS.myProjects.length).split('/')[1] ?? '';
  return MY_PROJECTS_TABS.find((t) => t.slug === segment) ?? MY_PROJECTS_TABS[0];
}

export default function TranslatorProjectsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(pathname);
  const { data: user } = useCurrentUser();
  const member = useIsMyTeamMember(user?.type === 'translator');

  return (
    <PageContainer
      title="My projects"
      subtitle={
        <>
          The projects you work on or worked on, newest first.
          {member.data?.translatorIsMyTeamMember && (
            <>
              {' '}
              <TextLink href={PATHS.myTeam}>See your My Team customers</TextLink>
            </>
          )}
        </>
      }
    >
      <EarningsSummary />
      <Box sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab.slug}
          onChange={(_, slug: string) => navigate(`${PATHS.myProjects}/${slug}`)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Project lists"
          sx={{ '& .MuiTab-root': { textTransform: 'none', fontSize: 15 } }}
        >
          {MY_PROJECTS_TABS.map((t) => (
            <Tab key={t.slug} value={t.slug} label={t.label} />
          ))}
        </Tabs>
      </Box>
      <TabList key={tab.slug} tab={tab} />
    </PageContainer>
  );
}

function TabList({ tab }: { tab: MyProjectsTab }) {
  const [paging, setPaging] = useState<Paging>({ page: 1, perPage: PROJECT_LIMITS.rowsPerPageOptions[0] });
  const list = useQuery(myProjectsQuery(tab, paging));
  return (
    <ProjectTable
      label={tab.label}
      columns={tab.reviews ? REVIEW_COLUMNS : COLUMNS}
      rows={list.data?.data}
      totalCount={list.data?.totalCount ?? 0}
      paging={paging}
      onPaging={setPaging}
      loading={list.isPending}
      failed={list.isError}
      emptyText={PROJECT_TEXTS.noTranslatorProjects}
    />
  );
}

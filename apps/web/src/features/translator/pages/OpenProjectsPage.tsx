import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PATHS, PROJECT_LIMITS, PROJECT_TEXTS } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../app/current-user';
import { HttpError } from '../../../app/http';
import { useRealtime, useRealtimeConnected } from '../../../app/realtime';
import { PageContainer } from '../../../ui/PageContainer';
import { toast } from '../../../ui/toast';
import {
  availabilityQuery,
  type OpenTab,
  openJobsQuery,
  type Paging,
  type TranslatorRow,
  useJobCounts,
  useTakeJob,
} from '../api';
import { AvailabilitySwitch } from '../components/AvailabilitySwitch';
import { LiveIndicator } from '../components/LiveIndicator';
import { type Column, ProjectTable } from '../components/ProjectTable';
import { SoundSettings } from '../components/SoundSettings';
import { unlockAudio } from '../sound';
import { useNewProjectsAlert } from '../use-new-projects-alert';
import { translatorKeys } from '../keys';

// Open projects (/open-project-freelance-translator and its sub-paths; spec 1 §2 and §4): the jobs
// offered to this translator now, live, with the chime and the "list updated" toast, the sound
// settings and the availability switch. Tabs: Available (translation and editing jobs), and QA and
// LL when the translator has such jobs; the tab is the sub-path.

const TAB_LABELS: Record<OpenTab, string> = { available: 'Available', qa: 'QA', ll: 'LL' };
const COLUMNS: readonly Column[] = ['id', 'name', 'languages', 'deadline', 'earnings'];
const REVIEW_COLUMNS: readonly Column[] = ['id', 'name', 'languages', 'status', 'deadline', 'earnings'];
const FIRST_PAGE: Paging = { page: 1, perPage: PROJECT_LIMITS.rowsPerPageOptions[0] };

function tabOf(pathname: string): OpenTab {
  const segment = pathname.slice(PATHS.openProjects.length).split('/')[1] ?? '';
  return segment === 'qa' || segment === 'll' ? segment : 'available';
}

export default function OpenProjectsPage() {
  const { data: user } = useCurrentUser();
  if (user && user.type !== 'translator') return <NotATranslator />;
  return <OpenProjects />;
}

function NotATranslator() {
  return (
    <PageContainer title="Open projects">
      <Alert severity="info">
        Open projects are the jobs offered to one translator, by their language pairs and expertise. To see a
        translator's list, act as that translator from the admin tools.
      </Alert>
    </PageContainer>
  );
}

function OpenProjects() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(pathname);
  const counts = useJobCounts();
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  // the stored flag, then each answer of the switch's call
  const availability = useQuery(availabilityQuery);
  const [override, setActive] = useState<boolean | null>(null);
  const active = override ?? availability.data?.active ?? true;

  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: translatorKeys.open() });
  const connected = useRealtimeConnected();
  useRealtime((event) => {
    if (event.type === 'project.opened' || event.type === 'project.updated') {
      void refresh();
      void client.invalidateQueries({ queryKey: translatorKeys.counts() });
    }
  });
  // what happened while the connection was being set up is in the next answer
  useEffect(() => {
    if (connected) void client.invalidateQueries({ queryKey: translatorKeys.open() });
  }, [connected, client]);

  const list = useQuery({
    ...openJobsQuery(tab, paging),
    // the fallback poll (a project can also open by itself, at the end of the My Team window)
    refetchInterval: PROJECT_LIMITS.openProjectsPollMs,
    enabled: active,
  });
  const rebaseline = useNewProjectsAlert(
    list.data,
    `${tab}:${paging.page}:${paging.perPage}`,
    paging.perPage,
    !list.isPlaceholderData,
  );

  const take = useTakeJob();
  const [taking, setTaking] = useState<number | null>(null);
  function takeRow(row: TranslatorRow) {
    setTaking(row.id);
    rebaseline();
    take.mutate(row, {
      onSuccess: (project) => {
        toast(PROJECT_TEXTS.taken, { variant: 'success' });
        navigate(`/project/${project.id}`);
      },
      onError: (error) => {
        if (error instanceof HttpError && error.status === 403 && error.message === PROJECT_TEXTS.translatorInactive) {
          setActive(false);
        }
        toast(error.message, { variant: error instanceof HttpError && error.status === 409 ? 'warning' : 'error' });
      },
      onSettled: () => setTaking(null),
    });
  }

  const tabs: OpenTab[] = ['available'];
  if (counts.qa > 0 || tab === 'qa') tabs.push('qa');
  if (counts.ll > 0 || tab === 'll') tabs.push('ll');

  function selectTab(next: OpenTab) {
    setPaging(FIRST_PAGE);
    navigate(next === 'available' ? PATHS.openProjects : `${PATHS.openProjects}/${next}`);
  }

  return (
    <PageContainer
      title="Open projects"
      subtitle="Projects that match your language pairs and expertise, newest first. Take one to start working on it."
    >
      <Paper
        variant="outlined"
        onPointerDown={unlockAudio}
        sx={{
          p: 2,
          mb: 3,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 3,
          rowGap: 2,
        }}
      >
        <AvailabilitySwitch active={active} onChange={setActive} />
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <SoundSettings />
          {/* a vertical rule as a plain box: MUI's Divider would be 1.3 kB of this page's first load */}
          <Box
            role="separator"
            aria-orientation="vertical"
            sx={{ display: { xs: 'none', sm: 'block' }, alignSelf: 'stretch', borderRight: 1, borderColor: 'divider' }}
          />
          <LiveIndicator connected={connected} />
        </Box>
      </Paper>

      {!active ? (
        <Alert severity="warning" data-testid="inactive-notice">
          {PROJECT_TEXTS.translatorInactive}
        </Alert>
      ) : (
        <>
          {tabs.length > 1 && (
            <Tabs
              value={tab}
              onChange={(_, next: OpenTab) => selectTab(next)}
              aria-label="Open project lists"
              sx={{
                mb: 2,
                borderBottom: 1,
                borderColor: 'divider',
                '& .MuiTab-root': { textTransform: 'none', fontSize: 15 },
              }}
            >
              {tabs.map((t) => (
                <Tab key={t} value={t} label={TAB_LABELS[t]} />
              ))}
            </Tabs>
          )}
          <ProjectTable
            label="Open projects"
            columns={tab === 'available' ? COLUMNS : REVIEW_COLUMNS}
            rows={list.data?.data}
            totalCount={list.data?.totalCount ?? 0}
            paging={paging}
            onPaging={setPaging}
            loading={list.isPending}
            failed={list.isError}
            emptyText={PROJECT_TEXTS.noOpenProjects}
            openJobs
            action={{
              header: '',
              // the QA and LL tabs also list the jobs the translator already took: only open ones are taken
              render: (row) =>
                !row.actions.includes('take') && !row.actions.includes('take-edit') ? null : (
                  <Button
                    variant="contained"
                    size="small"
                    disabled={taking !== null}
                    onClick={() => takeRow(row)}
                    aria-label={`Take project ${row.id}`}
                    sx={{ minWidth: 72 }}
                  >
                    {taking === row.id ? <CircularProgress size={18} color="inherit" /> : 'Take'}
                  </Button>
                ),
            }}
          />
        </>
      )}
    </PageContainer>
  );
}

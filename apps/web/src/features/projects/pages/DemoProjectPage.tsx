import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import TextIcon from '@mui/icons-material/TextSnippetOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DEMO_PROJECT_TEXTS, type DemoProject, type DemoProjectFile, PATHS } from '@parlance/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../app/current-user';
import { http } from '../../../app/http';
import { AppLink } from '../../../ui/AppLink';
import { formatBytes, formatDateTime } from '../../../ui/format';
import { ProjectStatusChip } from '../../../ui/ProjectStatusChip';
import { StatusPage } from '../../../ui/StatusPage';
import { Section } from '../components/Section';
import { StatusTimeline } from '../components/StatusTimeline';
import { DetailsList } from '../../../ui/DetailsList';

// /project/demo (ADR 0099): the project page as a customer sees it, for a sample order, read-only
// and open to everyone. It shows what a real project shows (details, files, the timeline), says at
// each step what the customer sees then, and ends with the way to a real order. Nothing on it is
// live data: the page says so at the top, and every figure comes from the sample itself.

const demoProjectQuery = queryOptions({
  queryKey: ['projects', 'demo'] as const,
  queryFn: ({ signal }) => http.get<DemoProject>('/api/2/projects/demo', signal),
  staleTime: 5 * 60_000,
});

export default function DemoProjectPage() {
  const demo = useQuery(demoProjectQuery);
  if (demo.isPending) return <DemoSkeleton />;
  if (demo.isError) {
    return (
      <StatusPage
        title={DEMO_PROJECT_TEXTS.loadFailed}
        actions={
          <Button variant="contained" onClick={() => void demo.refetch()}>
            Try again
          </Button>
        }
      >
        {demo.error.message}
      </StatusPage>
    );
  }
  return <DemoView demo={demo.data} />;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 } }}>
      {children}
    </Box>
  );
}

function DemoSkeleton() {
  return (
    <Frame>
      <Box role="status" aria-busy="true" aria-label="Loading the sample project">
        <Skeleton variant="rounded" height={72} sx={{ mb: 3 }} />
        <Skeleton width="50%" height={48} />
        <Box sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' } }}>
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={480} />
        </Box>
      </Box>
    </Frame>
  );
}

/** Guests and customers may order; staff and translators read the sample without the call to action. */
function useMayOrder(): { mayOrder: boolean; guest: boolean } {
  const user = useCurrentUser().data;
  return { mayOrder: !user || user.type === 'customer', guest: !user };
}

function DemoView({ demo }: { demo: DemoProject }) {
  const { mayOrder } = useMayOrder();
  return (
    <Frame>
      <Alert severity="info" icon={<InfoIcon />} sx={{ mb: 3 }} data-testid="sample-notice">
        <strong>{DEMO_PROJECT_TEXTS.heading}.</strong> {DEMO_PROJECT_TEXTS.sampleNotice}
      </Alert>
      <Box component="header" sx={{ mb: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {demo.title}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <Chip label={DEMO_PROJECT_TEXTS.sampleChip} size="small" color="info" variant="outlined" />
            <ProjectStatusChip status={demo.status} />
            <Typography color="text.secondary" variant="body2">
              {demo.typeName}
            </Typography>
          </Box>
        </Box>
        {mayOrder && (
          <Button variant="contained" component={AppLink} href={PATHS.wizard}>
            {DEMO_PROJECT_TEXTS.ctaOrder}
          </Button>
        )}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 380px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Details demo={demo} />
          <SampleFiles files={demo.files} />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <StatusTimeline
            events={demo.events}
            extra={(e) => (
              <Box
                sx={{
                  mt: 0.75,
                  px: 1.5,
                  py: 1,
                  borderLeft: 3,
                  borderColor: 'info.main',
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                }}
                data-testid={`guide-${e.step}`}
              >
                <Typography variant="caption" component="p" sx={{ fontWeight: 700, color: 'info.dark' }}>
                  {DEMO_PROJECT_TEXTS.guideTitle}
                </Typography>
                <Typography variant="body2">{e.guide}</Typography>
              </Box>
            )}
          />
        </Box>
      </Box>
      {mayOrder && <CallToAction />}
    </Frame>
  );
}

function Details({ demo }: { demo: DemoProject }) {
  const rows: [string, string][] = [
    ['Languages', `${demo.sourceLanguage} → ${demo.targetLanguage}`],
    ['Expertise', demo.expertise],
    ['Type', demo.typeName],
    ['Words', `${demo.wordCount.toLocaleString('en-US')} (counted from the sample files)`],
    ['Ordered', formatDateTime(demo.createdAt)],
    ['Deadline', formatDateTime(demo.deadline)],
    ['Delivered', formatDateTime(demo.deliveredAt)],
    ['Completed', formatDateTime(demo.completedAt)],
    ['Translator', demo.translatorName],
  ];
  return (
    <Section title="Details">
      <DetailsList rows={rows} />
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2.5, mb: 0.5 }}>
        Brief
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {demo.brief}
      </Typography>
    </Section>
  );
}

const GROUPS: { title: string; context: DemoProjectFile['context'] }[] = [
  { title: 'Source files', context: 'source' },
  { title: 'Translation', context: 'translation' },
];

/** The sample's files, as the project page lists them: plain text opens in a new tab, all download. */
function SampleFiles({ files }: { files: DemoProjectFile[] }) {
  return (
    <Section title="Files">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {DEMO_PROJECT_TEXTS.filesNote}
      </Typography>
      {GROUPS.map((g) => (
        <Box key={g.context} sx={{ '& + &': { mt: 2 } }}>
          <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
            {g.title}
          </Typography>
          <Box component="ul" aria-label={g.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {files
              .filter((f) => f.context === g.context)
              .map((f) => (
                <Box
                  component="li"
                  key={f.name}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}
                >
                  {f.mime.startsWith('text/') ? (
                    <TextIcon fontSize="small" color="action" />
                  ) : (
                    <FileIcon fontSize="small" color="primary" />
                  )}
                  <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {f.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatBytes(f.size)} · {formatDateTime(f.createdAt)}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', flexShrink: 0 }}>
                    {f.mime.startsWith('text/') && (
                      <Button
                        size="small"
                        component="a"
                        href={f.url}
                        target="_blank"
                        rel="noopener"
                        aria-label={`Open ${f.name}`}
                      >
                        Open
                      </Button>
                    )}
                    <Button
                      size="small"
                      component="a"
                      href={f.downloadUrl}
                      download={f.name}
                      aria-label={`Download ${f.name}`}
                    >
                      Download
                    </Button>
                  </Box>
                </Box>
              ))}
          </Box>
        </Box>
      ))}
    </Section>
  );
}

/** The way to a real order: the wizard for everyone who may order, and sign-up for guests. */
function CallToAction() {
  const { guest } = useMayOrder();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="demo-cta"
      sx={{ mt: 4, p: { xs: 2.5, md: 3 }, textAlign: 'center', borderColor: 'primary.main' }}
    >
      <Typography id="demo-cta" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {DEMO_PROJECT_TEXTS.ctaTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2, maxWidth: 560, mx: 'auto' }}>
        {DEMO_PROJECT_TEXTS.ctaText}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" component={AppLink} href={PATHS.wizard}>
          {DEMO_PROJECT_TEXTS.ctaOrder}
        </Button>
        {guest && (
          <Button variant="outlined" component={AppLink} href={`${PATHS.auth}?mode=signup`}>
            {DEMO_PROJECT_TEXTS.ctaSignUp}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  inStatusGroup,
  PROJECT_LIMITS,
  PROJECT_TEXTS,
  type ProjectDetail,
  RATING_REASONS,
  STAFF_TEXTS,
  TEXTS,
} from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy } from '../../../ui/lazy';
import { useParams } from 'react-router';
import { HttpError } from '../../../app/http';
import { useRealtime } from '../../../app/realtime';
import { StatusActions } from '../../../shell/NotFoundPage';
import { AppLink } from '../../../ui/AppLink';
import { formatCredits } from '../../../ui/money';
import { StatusPage } from '../../../ui/StatusPage';
import { projectQuery, useProject } from '../api';
import { useNames } from '../../../ui/use-names';
import { Discussion } from '../components/Discussion';
import { formatDateTime, formatTimeLeft } from '../../../ui/format';
import { MachineTranslationNote } from '../components/MachineTranslationNote';
import { ProjectActions } from '../components/ProjectActions';
import { ProjectBadges } from '../../../ui/ProjectBadges';
import { ProjectFiles } from '../components/ProjectFiles';
import { ProjectName } from '../components/ProjectName';
import { isReviewJob, ReviewPanel } from '../components/ReviewPanel';
import { Section } from '../components/Section';
import { ProjectStatusChip } from '../../../ui/ProjectStatusChip';
import { StatusTimeline } from '../components/StatusTimeline';
import { OnDemand } from '../../../ui/OnDemand';
import { DetailsList } from '../../../ui/DetailsList';

// only certified projects show it: its code (with the revoke dialog) loads when one does
// only a disputed project has the card: the others never load it
const DisputedSegmentsCard = lazy(() =>
  import('../components/DisputeSegments').then((m) => ({ default: m.DisputedSegmentsCard })),
);
const ProjectCertificateSection = lazy(() =>
  import('../../certificates/components/ProjectCertificateSection').then((m) => ({
    default: m.ProjectCertificateSection,
  })),
);

// /project/{id} (spec 1 §2): one page for the project's customer, translator, editor, staff (who
// intervene with projects.write, else read: viewerRole 'staff') and a translator the open job is
// offered to. What shows and which buttons exist follow the answer's viewerRole and actions. The
// data refreshes on focus, every 30 s and on the project's live events.

export default function ProjectPage() {
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  const project = useProject(id);
  const names = useNames();
  const client = useQueryClient();
  useRealtime((event) => {
    if (!Number.isInteger(id)) return;
    if (event.type !== 'project.updated' && event.type !== 'project.message') return;
    if (Number(event.payload.projectId) === id) void client.invalidateQueries({ queryKey: projectQuery(id).queryKey });
  });

  if (!Number.isInteger(id) || (project.isError && project.error instanceof HttpError && project.error.status < 500)) {
    return <ProjectNotFound />;
  }
  // the details name languages and expertises: they wait for the names rather than show slugs
  if (project.isPending || !names.ready) return <ProjectSkeleton />;
  if (project.isError) {
    return (
      <StatusPage
        title="The project could not be loaded"
        actions={
          <Button variant="contained" onClick={() => void project.refetch()}>
            Try again
          </Button>
        }
      >
        {project.error.message}
      </StatusPage>
    );
  }
  return <ProjectView project={project.data} />;
}

function ProjectNotFound() {
  return (
    <StatusPage code="404" title={TEXTS.pageNotFound} actions={<StatusActions />}>
      {PROJECT_TEXTS.projectNotFound}
    </StatusPage>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 4 } }}>
      {children}
    </Box>
  );
}

function ProjectSkeleton() {
  return (
    <Frame>
      <Box role="status" aria-busy="true" aria-label="Loading the project">
        <Skeleton width="50%" height={48} />
        <Skeleton width="30%" height={28} sx={{ mb: 3 }} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' } }}>
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      </Box>
    </Frame>
  );
}

function backLink(role: ProjectDetail['viewerRole']): { href: string; label: string } {
  if (role === 'candidate') return { href: '/open-project-freelance-translator', label: 'Open projects' };
  if (role === 'translator' || role === 'editor' || role === 'reviewer') {
    return { href: '/my-projects/translator', label: 'My projects' };
  }
  if (role === 'admin' || role === 'staff') return { href: '/admin', label: 'Admin' };
  return { href: '/my-projects', label: 'My projects' };
}

function ProjectView({ project }: { project: ProjectDetail }) {
  const back = backLink(project.viewerRole);
  // a candidate sees the brief and file names; a reviewer of a QA or LL job reads the work and its files
  const seesEverything = project.viewerRole !== 'candidate' && project.viewerRole !== 'reviewer';
  return (
    <Frame>
      <Link component={AppLink} href={back.href} variant="body2" underline="hover">
        ← {back.label}
      </Link>
      <Box
        component="header"
        sx={{ mt: 1, mb: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}
      >
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <ProjectName project={project} editable={project.viewerRole === 'customer'} variant="title" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
              #{project.id}
            </Typography>
            <ProjectBadges badges={project.badges} />
            <ProjectStatusChip status={project.status} kind={project.kind} />
            <Typography color="text.secondary" variant="body2">
              {project.typeName}
            </Typography>
          </Box>
        </Box>
        <Money project={project} />
      </Box>
      <Box sx={{ mb: 3 }}>
        <ProjectActions project={project} />
        {/* staff without projects.write read the project: no move is theirs (actions lists none) */}
        {project.viewerRole === 'staff' && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {STAFF_TEXTS.readOnly}
          </Alert>
        )}
        <StatusNote project={project} />
        <MachineTranslationNote project={project} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {isReviewJob(project) && <ReviewPanel project={project} />}
          <OnDemand when={project.status === 'DISPUTED'}>
            <DisputedSegmentsCard project={project} />
          </OnDemand>
          <Details project={project} />
          <ProjectFiles project={project} />
          <OnDemand when={project.certificate}>
            <ProjectCertificateSection project={project} />
          </OnDemand>
          {seesEverything && <Discussion project={project} />}
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          {seesEverything && <StatusTimeline events={project.events} />}
          {project.rating !== null && <RatingSummary project={project} />}
        </Box>
      </Box>
    </Frame>
  );
}

/** Each side sees only its own figure: the customer the price, a translator their earnings. */
function Money({ project }: { project: ProjectDetail }) {
  const translatorSide = project.viewerRole === 'translator' || project.viewerRole === 'editor';
  const figure = translatorSide || project.viewerRole === 'candidate' ? project.earningsCredits : project.priceCredits;
  if (figure === undefined) return null;
  const label = translatorSide ? 'Your earnings' : project.viewerRole === 'candidate' ? 'You earn' : 'Price';
  return (
    <Box sx={{ textAlign: { xs: 'left', sm: 'right' } }} data-testid="project-money">
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, fontSize: 22 }}>{formatCredits(figure)}</Typography>
      {translatorSide && project.earningsAvailableAt && (
        <Typography variant="caption" color="text.secondary">
          {project.status === 'COMPLETED' && new Date(project.earningsAvailableAt) > new Date()
            ? `Pending until ${formatDateTime(project.earningsAvailableAt)}`
            : `Available since ${formatDateTime(project.earningsAvailableAt)}`}
        </Typography>
      )}
    </Box>
  );
}

/** A line under the buttons about what happens next, where the status has one. */
function StatusNote({ project }: { project: ProjectDetail }) {
  let text: string | null = null;
  if (project.status === 'READY' && project.autoCompleteAt && project.viewerRole === 'customer') {
    text = `Approve or dispute the translation by ${formatDateTime(project.autoCompleteAt)}; after that it completes by itself.`;
  } else if (project.status === 'DISPUTED' && project.disputeReason) {
    text = `Disputed: ${project.disputeReason}`;
  } else if (project.viewerRole === 'reviewer') {
    text = 'You are reviewing this project: read the source and the translation, then score it on your review job.';
  } else if (project.status === 'PENDING' && project.viewerRole === 'customer') {
    const deadline = project.deadline ? new Date(project.deadline) : null;
    if (deadline && deadline <= new Date()) {
      const refundAt = new Date(deadline.getTime() + PROJECT_LIMITS.expireAfterDeadlineMs).toISOString();
      text = `Nobody has taken this project before its deadline. Our language managers are looking for a linguist until ${formatDateTime(refundAt)}; if nobody takes it by then, it is cancelled and refunded in full. You can also cancel it now for a full refund.`;
    } else {
      text = 'We are looking for a linguist. You can cancel the project until someone takes it.';
    }
  } else if (
    project.status === 'CANCELLED' &&
    project.viewerRole === 'customer' &&
    project.events.some((e) => e.action === 'expire')
  ) {
    text = 'Nobody took this project before its deadline: it was cancelled and its price returned to your credits.';
  }
  if (!text) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
      {text}
    </Typography>
  );
}

function Details({ project }: { project: ProjectDetail }) {
  const names = useNames();
  const options = [
    project.needProofreading && 'Proofreading',
    project.expedite && 'Expedited',
    project.certificate && 'Certificate',
  ].filter(Boolean) as string[];
  const rows: [string, ReactNode][] = [
    ['Languages', `${names.language(project.sourceLanguage)} → ${names.language(project.targetLanguage)}`],
    ['Expertise', names.expertise(project.expertise)],
    ['Type', project.typeName],
    ['Words', project.wordCount.toLocaleString('en-US')],
    [
      'Deadline',
      project.deadline && inStatusGroup('deadlineRunning', project.status)
        ? `${formatDateTime(project.deadline)} (${formatTimeLeft(project.deadline)})`
        : formatDateTime(project.deadline),
    ],
    ['Ordered', formatDateTime(project.createdAt)],
  ];
  if (project.deliveredAt) rows.push(['Delivered', formatDateTime(project.deliveredAt)]);
  if (project.completedAt) rows.push(['Completed', formatDateTime(project.completedAt)]);
  if (project.translationCategory) rows.push(['Category', project.translationCategory]);
  if (options.length) rows.push(['Options', options.join(', ')]);
  if (project.viewerRole !== 'customer' && project.customerName) rows.push(['Customer', project.customerName]);
  if (project.viewerRole !== 'translator' && project.translatorName) rows.push(['Translator', project.translatorName]);
  if (project.tags.length && project.viewerRole === 'customer') {
    rows.push([
      'Tags',
      <Box key="tags" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {project.tags.map((t) => (
          <Chip key={t} label={t} size="small" variant="outlined" />
        ))}
      </Box>,
    ]);
  }
  return (
    <Section title="Details">
      <DetailsList rows={rows} />
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2.5, mb: 0.5 }}>
        Brief
      </Typography>
      <Typography
        variant="body2"
        color={project.brief ? 'text.primary' : 'text.secondary'}
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {project.brief || 'No brief was given.'}
      </Typography>
    </Section>
  );
}

function RatingSummary({ project }: { project: ProjectDetail }) {
  const reasons = (project.ratingReasons ?? []).map((r) => RATING_REASONS.find((x) => x.value === r)?.label ?? r);
  return (
    <Section title="Rating">
      <Rating value={project.rating} readOnly aria-label={`Rated ${project.rating} of 5`} />
      {reasons.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {reasons.join(', ')}
        </Typography>
      )}
      {project.ratingComment && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          “{project.ratingComment}”
        </Typography>
      )}
    </Section>
  );
}

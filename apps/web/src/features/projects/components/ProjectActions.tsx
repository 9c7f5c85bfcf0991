import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PROJECT_TEXTS, type ProjectDetail, type ReviewJobKind } from '@parlance/shared';
import { useEffect, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../../app/http';
import { toast } from '../../../ui/toast';
import { messageOf, projectCalls, useProjectMove } from '../api';
import { OnDemand } from '../../../ui/OnDemand';
import { useSingleFlight } from '../../../ui/use-single-flight';
import { allFinished } from '../downloadable';
import { AppLink } from '../../../ui/AppLink';

/** The way into the workbench, in the viewer's words: the customer reads the translation there. */
export function openEditorLabel(role: ProjectDetail['viewerRole']): string {
  if (role === 'customer') return 'View translation side by side';
  if (role === 'reviewer') return 'Review in editor';
  return 'Open in editor';
}

// The dialogs load when first opened (not part of the project page's first load).
const ConfirmDialog = lazy(() => import('../../../ui/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));
const CancelProjectDialog = lazy(() =>
  import('./CancelProjectDialog').then((m) => ({ default: m.CancelProjectDialog })),
);
const DeliverDialog = lazy(() => import('./DeliverDialog').then((m) => ({ default: m.DeliverDialog })));
const DownloadDialog = lazy(() => import('./DownloadDialog').then((m) => ({ default: m.DownloadDialog })));
const RatingDialog = lazy(() => import('./RatingDialog').then((m) => ({ default: m.RatingDialog })));
const DisputeDialog = lazy(() => import('./ReasonDialogs').then((m) => ({ default: m.DisputeDialog })));
const ReassignDialog = lazy(() => import('./ReasonDialogs').then((m) => ({ default: m.ReassignDialog })));
const ResolveDialog = lazy(() => import('./ReasonDialogs').then((m) => ({ default: m.ResolveDialog })));

type Dialog =
  | 'deliver'
  | 'approve'
  | 'dispute'
  | 'cancel'
  | 'rate'
  | 'hold'
  | 'release'
  | 'reassign'
  | 'resolve'
  | 'download';

/**
 * The buttons of the moves the server says this viewer may make now (`actions`), with the dialogs
 * they open. Nothing here decides who may do what: the server does, on every call.
 */
export function ProjectActions({ project }: { project: ProjectDetail }) {
  const [open, setOpen] = useState<Dialog | null>(null);
  const [takeError, setTakeError] = useState<string | null>(null);
  const id = project.id;
  const has = (a: ProjectDetail['actions'][number]) => project.actions.includes(a);
  const close = () => setOpen(null);
  // "Dispute this segment" on the side-by-side page comes here with ?dispute=<segment id>
  const [params, setParams] = useSearchParams();
  const [picked, setPicked] = useState<{ id: number; comment: string }[]>([]);
  const disputeSegment = Number(params.get('dispute'));
  const mayDispute = project.actions.includes('dispute');
  useEffect(() => {
    if (!disputeSegment) return;
    if (mayDispute) {
      setPicked([{ id: disputeSegment, comment: '' }]);
      setOpen('dispute');
    }
    setParams(
      (p) => {
        p.delete('dispute');
        return p;
      },
      { replace: true },
    );
  }, [disputeSegment, mayDispute, setParams]);

  const take = useProjectMove(
    (kind: 'take' | 'take-edit') => (kind === 'take' ? projectCalls.take(id) : projectCalls.takeEdit(id)),
    { keepPageOnError: true },
  );
  const simple = useProjectMove((kind: 'approve' | 'hold' | 'release') => projectCalls[kind](id));
  const once = useSingleFlight();
  const navigate = useNavigate();
  const reviewJob = useProjectMove((kind: ReviewJobKind) => projectCalls.createReviewJob(id, kind), {
    keepPageOnError: true,
  });

  function createReviewJob(kind: ReviewJobKind) {
    reviewJob.mutate(kind, {
      onSuccess: (job) => {
        toast(`${kind === 'qa' ? 'QA' : 'LL'} job #${job.id} created.`, { variant: 'success' });
        navigate(`/project/${job.id}`);
      },
      onError: (err) => toast(messageOf(err), { variant: 'error' }),
    });
  }

  function doTake(kind: 'take' | 'take-edit') {
    setTakeError(null);
    once(async () => {
      try {
        await take.mutateAsync(kind);
        toast(PROJECT_TEXTS.taken, { variant: 'success' });
      } catch (err) {
        // 409: another translator won; 403: not matching or inactive. The server says which.
        setTakeError(messageOf(err));
        if (!(err instanceof HttpError) || err.status >= 500) toast(messageOf(err), { variant: 'error' });
      }
    });
  }

  const DONE: Record<'approve' | 'hold' | 'release', string> = {
    approve: PROJECT_TEXTS.approved,
    hold: 'The project is on hold.',
    release: 'The project was released.',
  };
  function doSimple(kind: 'approve' | 'hold' | 'release') {
    // one request per confirmation, however fast the clicks
    once(async () => {
      try {
        await simple.mutateAsync(kind);
        toast(DONE[kind], { variant: 'success' });
      } catch (err) {
        toast(messageOf(err), { variant: 'error' });
      }
      close();
    });
  }

  // the finished files: the customer's, and every staff member's to read (as the server's zip allows)
  const canDownload =
    (project.viewerRole === 'customer' || project.viewerRole === 'admin' || project.viewerRole === 'staff') &&
    allFinished([project]);
  const buttons = [
    has('open-editor') && (
      <Button key="open-editor" variant="contained" component={AppLink} href={`/ui-editor/${id}`}>
        {openEditorLabel(project.viewerRole)}
      </Button>
    ),
    has('take') && !takeError && (
      <Button key="take" variant="contained" onClick={() => doTake('take')} loading={take.isPending}>
        Take this project
      </Button>
    ),
    has('take-edit') && !takeError && (
      <Button key="take-edit" variant="contained" onClick={() => doTake('take-edit')} loading={take.isPending}>
        Take the editing
      </Button>
    ),
    has('deliver') && (
      <Button key="deliver" variant="contained" onClick={() => setOpen('deliver')}>
        {project.viewerRole === 'editor' ? 'Deliver edited files' : 'Deliver translation'}
      </Button>
    ),
    has('approve') && (
      <Button key="approve" variant="contained" color="success" onClick={() => setOpen('approve')}>
        Approve
      </Button>
    ),
    canDownload && (
      <Button key="download" variant="outlined" onClick={() => setOpen('download')}>
        Download
      </Button>
    ),
    has('rate') && (
      <Button key="rate" variant="outlined" onClick={() => setOpen('rate')}>
        {project.rating ? 'Change rating' : 'Rate'}
      </Button>
    ),
    has('dispute') && (
      <Button key="dispute" variant="outlined" color="warning" onClick={() => setOpen('dispute')}>
        Dispute
      </Button>
    ),
    has('cancel') && (
      <Button key="cancel" variant="outlined" color="error" onClick={() => setOpen('cancel')}>
        Cancel project
      </Button>
    ),
    has('hold') && (
      <Button key="hold" variant="outlined" onClick={() => setOpen('hold')}>
        Put on hold
      </Button>
    ),
    has('release') && (
      <Button key="release" variant="outlined" onClick={() => setOpen('release')}>
        Release
      </Button>
    ),
    has('reassign') && (
      <Button key="reassign" variant="outlined" onClick={() => setOpen('reassign')}>
        Reassign
      </Button>
    ),
    has('resolve') && (
      <Button key="resolve" variant="contained" onClick={() => setOpen('resolve')}>
        Resolve dispute
      </Button>
    ),
    ...(has('create-review-job')
      ? (['qa', 'll'] as const).map((kind) => (
          <Button
            key={`create-${kind}`}
            variant="outlined"
            disabled={reviewJob.isPending}
            loading={reviewJob.isPending && reviewJob.variables === kind}
            onClick={() => createReviewJob(kind)}
          >
            {kind === 'qa' ? 'Create QA job' : 'Create LL job'}
          </Button>
        ))
      : []),
  ].filter(Boolean);

  if (buttons.length === 0 && !takeError) return null;
  return (
    <>
      <Box role="group" aria-label="Project actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {buttons}
      </Box>
      {takeError && (
        <Alert severity="warning" sx={{ mt: 1.5 }} onClose={() => setTakeError(null)}>
          {takeError}
        </Alert>
      )}

      <OnDemand when={open === 'deliver'}>
        <DeliverDialog open={open === 'deliver'} project={project} onClose={close} />
      </OnDemand>
      <OnDemand when={open === 'dispute'}>
        <DisputeDialog open={open === 'dispute'} project={project} onClose={close} picked={picked} />
      </OnDemand>
      <OnDemand when={open === 'reassign'}>
        <ReassignDialog open={open === 'reassign'} project={project} onClose={close} />
      </OnDemand>
      <OnDemand when={open === 'resolve'}>
        <ResolveDialog open={open === 'resolve'} project={project} onClose={close} />
      </OnDemand>
      <OnDemand when={open === 'rate'}>
        <RatingDialog project={open === 'rate' ? project : null} onClose={close} />
      </OnDemand>
      <OnDemand when={open === 'download'}>
        <DownloadDialog projects={open === 'download' ? [project] : null} onClose={close} />
      </OnDemand>
      <OnDemand when={open === 'approve'}>
        <ConfirmDialog
          open={open === 'approve'}
          title="Approve the translation?"
          confirmLabel="Approve"
          keepLabel="Not yet"
          busy={simple.isPending}
          onConfirm={() => doSimple('approve')}
          onClose={close}
        >
          The project is completed and the translator is paid. Rate the work afterwards if you like.
        </ConfirmDialog>
      </OnDemand>
      <OnDemand when={open === 'cancel'}>
        <CancelProjectDialog open={open === 'cancel'} project={project} onClose={close} />
      </OnDemand>
      <OnDemand when={open === 'hold'}>
        <ConfirmDialog
          open={open === 'hold'}
          title="Put the project on hold?"
          confirmLabel="Put on hold"
          busy={simple.isPending}
          onConfirm={() => doSimple('hold')}
          onClose={close}
        >
          Nobody can work on it until it is released.
        </ConfirmDialog>
      </OnDemand>
      <OnDemand when={open === 'release'}>
        <ConfirmDialog
          open={open === 'release'}
          title="Release the project?"
          confirmLabel="Release"
          busy={simple.isPending}
          onConfirm={() => doSimple('release')}
          onClose={close}
        >
          It goes back to the status it had before the hold.
        </ConfirmDialog>
      </OnDemand>
    </>
  );
}

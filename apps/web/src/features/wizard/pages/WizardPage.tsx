import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PATHS, type PurchaseOrder, type WIZARD_STEPS } from '@parlance/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { HttpError } from '../../../app/http';
import { useCurrentUser } from '../../../app/current-user';
import { PageContainer } from '../../../ui/PageContainer';
import { StatusPage } from '../../../ui/StatusPage';
import { createOrder, messageOf, orderQuery, resumeOrder } from '../api';
import { BriefStep } from '../components/BriefStep';
import { ExpertiseStep } from '../components/ExpertiseStep';
import { FinishLaterDialog } from '../components/FinishLaterDialog';
import { LanguagesStep } from '../components/LanguagesStep';
import { PlansStep } from '../components/PlansStep';
import type { StepProps } from '../components/step-props';
import { UploadStep } from '../components/UploadStep';
import { WindowShoppingEntry } from './WindowShoppingEntry';

// The ordering wizard (spec 1 section 2): five steps over a purchase order kept on the server.
// The order's pid is in the address, so a reload or another device resumes it.

type StepName = (typeof WIZARD_STEPS)[number];

const STEPS: { name: StepName; label: string; Component: ComponentType<StepProps> }[] = [
  { name: 'upload', label: 'Upload content', Component: UploadStep },
  { name: 'languages', label: 'Languages', Component: LanguagesStep },
  { name: 'expertise', label: 'Expertise', Component: ExpertiseStep },
  { name: 'brief', label: 'Brief', Component: BriefStep },
  { name: 'plans', label: 'Plans', Component: PlansStep },
];

function stepIndex(step: string | null): number {
  const i = STEPS.findIndex((s) => s.name === step);
  return Math.max(i, 0);
}

/** Creates the order when the address has no pid, and exchanges a resume link for the order. */
function useOrderPid(): { pid: string | null; error: unknown } {
  const [params, setParams] = useSearchParams();
  const pid = params.get('pid');
  const resume = params.get('resume');
  const started = useRef(false);
  const [error, setError] = useState<unknown>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (pid && !resume) {
      started.current = false; // a later visit to /wizard without a pid starts a new order
      return;
    }
    if (started.current) return;
    started.current = true;
    const work = pid && resume ? resumeOrder(pid, resume) : createOrder({ step: 'upload' });
    work
      .then((order) => {
        queryClient.setQueryData(orderQuery(order.pid).queryKey, order);
        setParams({ pid: order.pid }, { replace: true });
      })
      .catch(setError);
  }, [pid, resume, setParams, queryClient]);

  return { pid: pid && !resume ? pid : null, error };
}

/** /wizard, and /wizard/2/entry (the window-shopping entry, which leads to /wizard). */
export default function WizardPage() {
  const { pathname } = useLocation();
  if (pathname === PATHS.wizardEntry) return <WindowShoppingEntry />;
  return <OrderWizard />;
}

function OrderWizard() {
  const { pid, error: startError } = useOrderPid();
  const order = useQuery({ ...orderQuery(pid ?? ''), enabled: pid !== null });

  if (startError || order.isError) {
    const error = startError ?? order.error;
    const gone = error instanceof HttpError && (error.status === 404 || error.status === 409);
    return (
      <StatusPage
        title={gone ? 'This order is no longer available' : 'We could not open your order'}
        actions={
          <Button variant="contained" href="/wizard">
            Start a new order
          </Button>
        }
      >
        <Typography color="text.secondary">{messageOf(error)}</Typography>
      </StatusPage>
    );
  }

  return (
    <PageContainer title="Order a translation" subtitle="Five short steps. Your order is saved as you go.">
      {order.data ? <Wizard key={order.data.pid} order={order.data} /> : <WizardSkeleton />}
    </PageContainer>
  );
}

function WizardSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading your order">
      <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

function Wizard({ order }: { order: PurchaseOrder }) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [active, setActive] = useState(() => stepIndex(order.step));
  const [finishLater, setFinishLater] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const current = STEPS[active] ?? STEPS[0];

  if (order.status !== 'draft' && order.status !== 'cart') {
    return <Alert severity="info">This order has already been paid. You will find it in your projects.</Alert>;
  }

  function go(index: number) {
    setActive(index);
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  function onNext(saved: PurchaseOrder) {
    queryClient.setQueryData(orderQuery(order.pid).queryKey, saved);
    go(Math.min(active + 1, STEPS.length - 1));
  }

  const { Component } = current;
  return (
    <Box ref={top} sx={{ scrollMarginTop: 80 }}>
      {narrow ? (
        <Box sx={{ mb: 2 }} aria-label="Progress">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
            Step {active + 1} of {STEPS.length} · <strong>{current.label}</strong>
          </Typography>
          <LinearProgress variant="determinate" value={((active + 1) / STEPS.length) * 100} />
        </Box>
      ) : (
        <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((s) => (
            <Step key={s.name}>
              <StepLabel>{s.label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3, md: 4 }, borderRadius: 2 }}>
        <Component
          key={current.name}
          order={order}
          onNext={onNext}
          onBack={active > 0 ? () => go(active - 1) : undefined}
          onFinishLater={() => setFinishLater(true)}
        />
      </Paper>
      {finishLater && (
        <FinishLaterDialog
          open
          pid={order.pid}
          step={current.name}
          defaultEmail={user.data?.email ?? ''}
          onClose={() => setFinishLater(false)}
        />
      )}
    </Box>
  );
}

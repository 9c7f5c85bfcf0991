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
import { homePathFor, ORDER_TEXTS, PATHS, type PurchaseOrder } from '@parlance/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { HttpError } from '../../../app/http';
import { useCurrentUser } from '../../../app/current-user';
import { PageContainer } from '../../../ui/PageContainer';
import { StatusPage } from '../../../ui/StatusPage';
import { AppLink } from '../../../ui/AppLink';
import {
  createOrder,
  fieldErrorsOf,
  messageOf,
  openDraft,
  orderQuery,
  resumeOrder,
  updateOrder,
  useLanguages,
  useUiFeatures,
} from '../api';
import type { StepProps } from '../components/step-props';
import { TypedWordCount } from '../components/TypedWordCount';
import { UploadStep } from '../components/UploadStep';
import { useAddToCart } from '../components/use-add-to-cart';
import {
  defaultsForSkipped,
  enabledSteps,
  isBlankOrder,
  needsTypedWordCount,
  resumeIndex,
  type StepName,
} from '../steps';
import { WindowShoppingEntry } from './WindowShoppingEntry';

// "Finish later" loads when first asked for
const FinishLaterDialog = lazy(() =>
  import('../components/FinishLaterDialog').then((m) => ({ default: m.FinishLaterDialog })),
);

// The ordering wizard (spec 1 section 2): five steps over a purchase order kept on the server.
// The order's pid is in the address, so a reload or another device resumes it. Each step shows
// only while its UI feature flag has status 1 (spec 1 section 6; see ../steps.ts).

type StepView = { name: StepName; label: string; Component: ComponentType<StepProps>; load?: () => Promise<unknown> };

// The first step comes with the page; each later one is its own chunk, fetched while the step
// before it is shown (below), so the page's first load carries one step, not five.
const loadLanguages = () => import('../components/LanguagesStep');
const loadExpertise = () => import('../components/ExpertiseStep');
const loadBrief = () => import('../components/BriefStep');
const loadPlans = () => import('../components/PlansStep');

const ALL_STEPS: StepView[] = [
  { name: 'upload', label: 'Upload content', Component: UploadStep },
  {
    name: 'languages',
    label: 'Languages',
    Component: lazy(() => loadLanguages().then((m) => ({ default: m.LanguagesStep }))),
    load: loadLanguages,
  },
  {
    name: 'expertise',
    label: 'Expertise',
    Component: lazy(() => loadExpertise().then((m) => ({ default: m.ExpertiseStep }))),
    load: loadExpertise,
  },
  {
    name: 'brief',
    label: 'Brief',
    Component: lazy(() => loadBrief().then((m) => ({ default: m.BriefStep }))),
    load: loadBrief,
  },
  {
    name: 'plans',
    label: 'Plans',
    Component: lazy(() => loadPlans().then((m) => ({ default: m.PlansStep }))),
    load: loadPlans,
  },
];

const COUNT_WORDS = ['One', 'Two', 'Three', 'Four', 'Five'];

type OrderStart =
  | { pid: string | null; error: unknown; draft?: undefined }
  /** an open draft with something in it: the customer continues it or starts a new order */
  | { pid: null; error: null; draft: { order: PurchaseOrder; proceed: (pid: string | null) => void } };

/**
 * The order of the address. Without a pid: the open draft when it is blank (a visit does not leave
 * one more empty order behind), the choice between the open draft and a new order when it has
 * content, a new order when there is none (ADR 0048). A resume link is exchanged for its order.
 */
function useOrderPid(): OrderStart {
  const [params, setParams] = useSearchParams();
  const pid = params.get('pid');
  const resume = params.get('resume');
  const started = useRef(false);
  const [error, setError] = useState<unknown>(null);
  const [draft, setDraft] = useState<PurchaseOrder | null>(null);
  const queryClient = useQueryClient();

  const open = useCallback(
    (work: Promise<PurchaseOrder>) => {
      work
        .then((order) => {
          queryClient.setQueryData(orderQuery(order.pid).queryKey, order);
          setDraft(null);
          setParams({ pid: order.pid }, { replace: true });
        })
        .catch(setError);
    },
    [queryClient, setParams],
  );

  useEffect(() => {
    if (pid && !resume) {
      started.current = false; // a later visit to /wizard without a pid looks for the open draft again
      return;
    }
    if (started.current) return;
    started.current = true;
    if (pid && resume) {
      open(resumeOrder(pid, resume));
      return;
    }
    openDraft()
      .then((found) => {
        if (!found) open(createOrder({ step: 'upload' }));
        else if (isBlankOrder(found)) open(Promise.resolve(found));
        else setDraft(found);
      })
      .catch(setError);
  }, [pid, resume, open]);

  if (draft && !pid) {
    return {
      pid: null,
      error: null,
      draft: {
        order: draft,
        proceed: (chosen) => open(chosen ? Promise.resolve(draft) : createOrder({ step: 'upload' })),
      },
    };
  }
  return { pid: pid && !resume ? pid : null, error };
}

/** /wizard, and /wizard/2/entry (the window-shopping entry, which leads to /wizard). */
export default function WizardPage() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  // ordering is the customer's: a translator gets a way back instead of an order that fails to start
  if (user?.type === 'translator') return <NotForTranslators />;
  if (pathname === PATHS.wizardEntry) return <WindowShoppingEntry />;
  return <OrderWizard />;
}

function NotForTranslators() {
  return (
    <StatusPage
      title="Ordering is for customer accounts"
      actions={
        <Button variant="contained" component={AppLink} href={homePathFor('translator')}>
          Go to your dashboard
        </Button>
      }
    >
      <Typography color="text.secondary">
        You are signed in as a translator. To order a translation, sign in with a customer account.
      </Typography>
    </StatusPage>
  );
}

function OrderWizard() {
  const { pid, error: startError, draft } = useOrderPid();
  const order = useQuery({ ...orderQuery(pid ?? ''), enabled: pid !== null });
  // the flags gate the steps; when they cannot be read every step shows (ordering stays possible)
  const flags = useUiFeatures();

  const { pathname, search } = useLocation();
  if (startError instanceof HttpError && startError.status === 401) {
    // a finish-later link of a customer's order, opened signed out: sign in, then the same link again
    return <Navigate replace to={`${PATHS.auth}?return=${encodeURIComponent(pathname + search)}`} />;
  }
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

  if (draft) {
    return (
      <PageContainer title="Order a translation" subtitle="You have an order you have not finished.">
        <OpenDraftChoice order={draft.order} onChoose={draft.proceed} />
      </PageContainer>
    );
  }

  const steps = flags.isPending ? null : enabledSteps(flags.data);
  const count = steps?.length ?? ALL_STEPS.length;
  const subtitle = `${COUNT_WORDS[count - 1] ?? count} short step${count === 1 ? '' : 's'}. Your order is saved as you go.`;
  return (
    <PageContainer title="Order a translation" subtitle={subtitle}>
      {order.data && steps ? (
        <WizardWithDefaults key={order.data.pid} order={order.data} steps={steps} />
      ) : (
        <WizardSkeleton />
      )}
    </PageContainer>
  );
}

/** The open draft, named by what it holds, with the two ways on. */
function OpenDraftChoice({ order, onChoose }: { order: PurchaseOrder; onChoose: (pid: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const languages = useLanguages();
  const nameOf = (slug: string) => languages.data?.find((l) => l.slug === slug)?.name ?? slug;
  const pair =
    order.source_language && order.target_languages.length > 0
      ? `${nameOf(order.source_language)} → ${order.target_languages.map(nameOf).join(', ')}`
      : null;
  const title =
    order.name || order.files[0]?.fileName || (order.pastedText ? 'Pasted text' : order.url) || 'Untitled order';
  const changed = new Date(order.updatedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const choose = (pid: string | null) => {
    setBusy(true);
    onChoose(pid);
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="open-draft-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}
    >
      <Typography id="open-draft-title" variant="h2" sx={{ fontSize: 20, fontWeight: 600, mb: 1 }}>
        Continue your order?
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{title}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {[
          pair,
          order.wordCount > 0 ? `${order.wordCount.toLocaleString('en-US')} words` : null,
          `last changed ${changed}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button variant="contained" disabled={busy} onClick={() => choose(order.pid)}>
          Continue this order
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => choose(null)}>
          Start a new order
        </Button>
      </Box>
    </Paper>
  );
}

function WizardSkeleton() {
  return (
    <Box role="status" aria-busy="true" aria-label="Loading your order">
      <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

/** Gives the order what its hidden steps would have set (once), then shows the wizard. */
function WizardWithDefaults({ order, steps }: { order: PurchaseOrder; steps: StepName[] }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'checking' | 'ready' | Error>(() =>
    Object.keys(defaultsForSkipped(order, steps)).length === 0 ? 'ready' : 'checking',
  );
  const started = useRef(false);

  useEffect(() => {
    if (state !== 'checking' || started.current) return;
    started.current = true;
    updateOrder(order.pid, defaultsForSkipped(order, steps))
      .then((saved) => {
        queryClient.setQueryData(orderQuery(order.pid).queryKey, saved);
        setState('ready');
      })
      .catch((err: unknown) => setState(err instanceof Error ? err : new Error(messageOf(err))));
  }, [state, order, steps, queryClient]);

  if (state === 'checking') return <WizardSkeleton />;
  if (state instanceof Error) return <Alert severity="error">{state.message}</Alert>;
  return <Wizard order={order} steps={steps} />;
}

function Wizard({ order, steps }: { order: PurchaseOrder; steps: StepName[] }) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const narrow = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const STEPS = ALL_STEPS.filter((s) => steps.includes(s.name));
  const [active, setActive] = useState(() => resumeIndex(steps, order.step));
  const [finishLater, setFinishLater] = useState(false);
  // a refusal of Add to cart, for the order as it was then (a saved change makes it stale)
  const [refusal, setRefusal] = useState<{ at: string; message: string } | null>(null);
  const cartError = refusal?.at === order.updatedAt ? refusal.message : null;
  const addToCart = useAddToCart(order.pid);
  const top = useRef<HTMLDivElement>(null);
  const current = STEPS[active] ?? STEPS[0];
  const isLast = active === STEPS.length - 1;

  if (order.status !== 'draft' && order.status !== 'cart') {
    return <Alert severity="info">This order has already been paid. You will find it in your projects.</Alert>;
  }

  function go(index: number) {
    setActive(index);
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  function onNext(saved: PurchaseOrder) {
    queryClient.setQueryData(orderQuery(order.pid).queryKey, saved);
    setRefusal(null);
    // the plans step adds to the cart itself; another last step (plans switched off) does it here
    if (isLast) {
      if (needsTypedWordCount(saved, steps) && saved.wordCount === 0) {
        setRefusal({ at: saved.updatedAt, message: ORDER_TEXTS.wizardWordCountRequired });
        return;
      }
      addToCart().catch((err: unknown) => {
        const fields = Object.values(fieldErrorsOf(err));
        setRefusal({ at: saved.updatedAt, message: fields.length > 0 ? fields.join(' ') : messageOf(err) });
      });
      return;
    }
    go(Math.min(active + 1, STEPS.length - 1));
  }

  const { Component } = current;
  // fetch the next step while this one is shown (a cached import after the first call)
  void STEPS[active + 1]?.load?.();
  return (
    <Box ref={top} sx={{ scrollMarginTop: 80 }}>
      {narrow ? (
        <Box sx={{ mb: 2 }} aria-label="Progress">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
            Step {active + 1} of {STEPS.length} · <strong>{current.label}</strong>
          </Typography>
          <LinearProgress
            aria-label="Order progress"
            variant="determinate"
            value={((active + 1) / STEPS.length) * 100}
          />
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
        {isLast && current.name !== 'plans' && needsTypedWordCount(order, steps) && <TypedWordCount order={order} />}
        <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
          <Component
            key={current.name}
            order={order}
            onNext={onNext}
            onBack={active > 0 ? () => go(active - 1) : undefined}
            onFinishLater={() => setFinishLater(true)}
            steps={steps}
            nextLabel={isLast ? 'Add to cart' : 'Next'}
          />
        </Suspense>
        {cartError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {cartError}
          </Alert>
        )}
      </Paper>
      {finishLater && (
        <Suspense fallback={null}>
          <FinishLaterDialog
            open
            pid={order.pid}
            step={current.name}
            defaultEmail={user.data?.email ?? ''}
            onClose={() => setFinishLater(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}

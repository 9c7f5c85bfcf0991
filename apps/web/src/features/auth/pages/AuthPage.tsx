import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { DEMO_PROJECT_TEXTS, homePathFor, PATHS, TEXTS, type UserData } from '@parlance/shared';
import { useQueryClient } from '@tanstack/react-query';
import { TextButton, TextLink } from '../../../ui/TextLink';
import { toast } from '../../../ui/toast';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazy } from '../../../ui/lazy';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { userQuery, useCurrentUser, useRefreshUser } from '../../../app/current-user';
import { resetCsrfToken } from '../../../app/http';
import { useCountriesInfo } from '../login-api';
import { AuthCard } from '../components/AuthCard';
import { keepFieldFocus } from '../components/keep-field-focus';
import { needsExtraUserData, pathAfterLogin, pathAfterSignup, safeReturnPath } from '../redirect';

// Sign-in is what most visitors of /auth need; the other modes load on demand (and are prefetched
// when the visitor points at the link that opens them).
const loadSignupForm = () => import('../components/SignupForm');
const SignupForm = lazy(() => loadSignupForm().then((m) => ({ default: m.SignupForm })));
// The sign-in form too, as the page renders: with react-hook-form it would not fit /auth's first load.
const LoginForm = lazy(() => import('../components/LoginForm').then((m) => ({ default: m.LoginForm })));
const ExtraUserDataForm = lazy(() =>
  import('../components/ExtraUserDataForm').then((m) => ({ default: m.ExtraUserDataForm })),
);

function FormFallback({ height = 420 }: { height?: number }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: height }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

// /auth: the auth dialog as a page (spec 1 sections 2 and 4). Modes login, signup (?mode=signup,
// ?type=translator preselects the translator role) and extraUserData (a signed-in user completing
// the registration data). Changing mode remounts the form, which clears errors and resets it.

type Mode = 'login' | 'signup' | 'extraUserData';

function modeOf(param: string | null): Mode {
  return param === 'signup' || param === 'extraUserData' ? param : 'login';
}

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  const { data: user, isPending: userPending } = useCurrentUser();
  const countriesInfo = useCountriesInfo();
  const [busy, setBusy] = useState(false);
  // Set while a successful sign-in refreshes the user and navigates on: the page must not treat the
  // freshly signed-in user as "already signed in" and redirect somewhere else meanwhile.
  const completing = useRef(false);
  const [afterExtraData, setAfterExtraData] = useState<string | null>(null);

  const mode = modeOf(params.get('mode'));
  const returnParam = params.get('return');
  const countryByIp = countriesInfo.data?.countryByIp ?? null;

  useEffect(() => {
    if (countriesInfo.isError) toast(TEXTS.failedCountryByIp, { variant: 'error' });
  }, [countriesInfo.isError]);

  const setMode = useCallback(
    (next: Mode) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === 'login') p.delete('mode');
          else p.set('mode', next);
          return p;
        },
        { replace: next === 'extraUserData' },
      );
    },
    [setParams],
  );

  // Escape closes the dialog (back to plain sign-in), but never while a request is in flight.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (busy) {
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (mode === 'signup') setMode('login');
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [busy, mode, setMode]);

  /** After login or signup: refresh the user, then go on (or ask for the missing data first). */
  const finish = useCallback(
    async (target: (user: UserData) => string) => {
      completing.current = true;
      resetCsrfToken();
      try {
        await refreshUser();
      } catch (err) {
        completing.current = false;
        throw err;
      }
      const fresh = queryClient.getQueryData(userQuery.queryKey);
      if (!fresh) {
        completing.current = false;
        return;
      }
      const next = target(fresh);
      if (needsExtraUserData(fresh)) {
        completing.current = false;
        setAfterExtraData(next);
        setMode('extraUserData');
        return;
      }
      navigate(next, { replace: true });
    },
    [navigate, queryClient, refreshUser, setMode],
  );

  const onSignedIn = useCallback(
    () => finish((fresh) => pathAfterLogin(fresh.type, returnParam)),
    [finish, returnParam],
  );
  const onSignedUp = useCallback(() => finish((fresh) => pathAfterSignup(fresh.type)), [finish]);
  const onExtraDataSaved = useCallback(async () => {
    completing.current = true;
    await refreshUser();
    const fresh = queryClient.getQueryData(userQuery.queryKey);
    navigate(afterExtraData ?? safeReturnPath(returnParam) ?? homePathFor(fresh?.type ?? null), { replace: true });
  }, [afterExtraData, navigate, queryClient, refreshUser, returnParam]);

  if (userPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }

  if (user && !completing.current) {
    if (needsExtraUserData(user)) {
      return (
        <AuthCard title={`Hi ${user.name}`.trim()} subtitle="A few more details to finish setting up your account.">
          <Suspense fallback={<FormFallback />}>
            <ExtraUserDataForm
              user={user}
              countries={countriesInfo.data?.list}
              countryByIp={countryByIp}
              onBusyChange={setBusy}
              onDone={onExtraDataSaved}
            />
          </Suspense>
        </AuthCard>
      );
    }
    return <Navigate to={safeReturnPath(returnParam) ?? homePathFor(user.type)} replace />;
  }

  // the mode switches keep the focused field's focus on press (onMouseDown): leaving a field
  // validates it, and a message appearing would move the switch from under the pointer
  if (mode === 'signup') {
    return (
      <AuthCard
        title="Create your account"
        subtitle="Order professional translations, or join us as a translator."
        footer={
          <>
            Already have an account?{' '}
            <TextButton onMouseDown={keepFieldFocus} onClick={() => setMode('login')}>
              Sign in
            </TextButton>
            <br />
            Curious how an order runs? <TextLink href={PATHS.projectDemo}>{DEMO_PROJECT_TEXTS.linkText}</TextLink>
          </>
        }
      >
        <Suspense fallback={<FormFallback />}>
          <SignupForm
            key="signup"
            countries={countriesInfo.data?.list}
            countryByIp={countryByIp}
            initialUserType={params.get('type') === 'translator' ? 'translator' : 'client'}
            onBusyChange={setBusy}
            onSignedUp={onSignedUp}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your Parlance account."
      footer={
        <>
          New to Parlance?{' '}
          <TextButton
            onMouseDown={keepFieldFocus}
            onClick={() => setMode('signup')}
            onMouseEnter={loadSignupForm}
            onFocus={loadSignupForm}
          >
            Create an account
          </TextButton>
        </>
      }
    >
      <Suspense fallback={<FormFallback height={290} />}>
        <LoginForm key="login" countryByIp={countryByIp} onBusyChange={setBusy} onSignedIn={onSignedIn} />
      </Suspense>
    </AuthCard>
  );
}

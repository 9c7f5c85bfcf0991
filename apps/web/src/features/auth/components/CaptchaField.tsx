import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import type {} from 'altcha/types/react';
import { useEffect, useState } from 'react';
import type { Captcha } from '../captcha/use-captcha';

// The captcha part of a form: the visible ALTCHA widget for 'friendly' visitors (its module is
// loaded only then, it is heavy), and the captcha error for everyone.

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

function FriendlyWidget({ captcha }: { captcha: Captcha }) {
  const [loaded, setLoaded] = useState(false);
  const { widgetRef, onWidgetPayload } = captcha;

  useEffect(() => {
    let live = true;
    import('altcha').then(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = widgetRef.current;
    if (!loaded || !el) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<StateChangeDetail>).detail;
      onWidgetPayload(detail.state === 'verified' ? (detail.payload ?? null) : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [loaded, widgetRef, onWidgetPayload]);

  return (
    <Box sx={{ minHeight: 72, '& altcha-widget': { display: 'block' } }}>
      {/* the widget's box until it has loaded (a plain box: MUI's Skeleton would be /auth's only one) */}
      {!loaded && <Box aria-hidden sx={{ height: 72, borderRadius: 1, bgcolor: 'action.hover' }} />}
      <altcha-widget
        ref={widgetRef}
        challenge={captcha.challengeUrl ?? undefined}
        style={{
          '--altcha-max-width': '100%',
          '--altcha-border-radius': '8px',
          '--altcha-color-primary': '#3949ab',
          display: loaded ? 'block' : 'none',
        }}
      />
    </Box>
  );
}

export function CaptchaField({ captcha }: { captcha: Captcha }) {
  // The invisible captcha shows nothing unless it failed.
  if (captcha.mode === 'off' || (captcha.mode === 'invisible' && !captcha.error)) return null;
  return (
    <Box>
      {captcha.mode === 'friendly' && <FriendlyWidget captcha={captcha} />}
      {captcha.error && (
        <FormHelperText error role="alert" sx={{ mx: 0 }}>
          {captcha.error}
        </FormHelperText>
      )}
    </Box>
  );
}

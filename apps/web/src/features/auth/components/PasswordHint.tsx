import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import { checkPassword, type PasswordCheck, passwordHint, TEXTS } from '@parlance/shared';

// The live hint under a new password: every rule still missing, then the all-set text of the
// shared passwordHint. Announced politely to screen readers as it changes.
export function PasswordHint({ value }: { value: string }) {
  return (
    <Box component="span" aria-live="polite" sx={{ display: 'block' }}>
      <HintText value={value} />
    </Box>
  );
}

function HintText({ value }: { value: string }) {
  if (!value) return 'Use at least 6 characters with upper and lower case letters, a digit and a symbol';
  const hint = passwordHint(value);
  if (hint === TEXTS.passwordSecure) {
    return (
      <Box component="span" sx={{ color: 'success.main', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <CheckCircle sx={{ fontSize: 16 }} aria-hidden />
        {hint}
      </Box>
    );
  }
  const check = checkPassword(value);
  const missing = (Object.keys(check) as (keyof PasswordCheck)[]).filter((k) => !check[k]);
  return `Still needed: ${missing.map((k) => TEXTS.passwordRules[k]).join(' · ')}`;
}

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { SelectField } from '../../../ui/SelectField';
import { LIMITS, TEXTS, type UserData } from '@parlance/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../ui/toast';
import { useState } from 'react';
import { resetCountry, setCountry, useCountryList } from '../../../features/admin/api';
import { ErrorLine, Section } from './Section';

// The toast is shown for a moment before the reload replaces the page (spec 1 section 4: the
// country change reloads the page).
const RELOAD_DELAY_MS = LIMITS.adminToastMs / 2;

type CountryChange = { kind: 'set'; code: string } | { kind: 'reset' };

/** Set or reset the effective user's country, then reload. */
export function CountrySection({ user }: { user: UserData }) {
  const countries = useCountryList(true);
  const [selected, setSelected] = useState(user.country ?? '');
  const change = useMutation({
    mutationFn: (c: CountryChange) => (c.kind === 'set' ? setCountry(c.code) : resetCountry()),
    onSuccess: () => {
      toast(TEXTS.countryUpdated, { variant: 'success', autoHideDuration: LIMITS.adminToastMs });
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    },
  });
  // after success the page is about to reload: keep the controls disabled until it does
  const busy = change.isPending || change.isSuccess;
  const pendingKind = change.variables?.kind;

  return (
    <Section title="Country" hint={`Current country: ${user.country ?? 'not set'}`}>
      <Stack
        component="form"
        noValidate
        spacing={1}
        onSubmit={(e) => {
          e.preventDefault();
          if (selected) change.mutate({ kind: 'set', code: selected });
        }}
      >
        <SelectField
          label="Country"
          size="small"
          fullWidth
          value={selected}
          onChange={(e) => setSelected(e.target.value)}
          disabled={busy || countries.isPending}
          helperText={countries.error ? countries.error.message : undefined}
          error={!!countries.error}
          slotProps={{ inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            {countries.isPending ? 'Loading countries…' : 'Choose a country'}
          </option>
          {(countries.data ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.code})
            </option>
          ))}
        </SelectField>
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            variant="outlined"
            disabled={busy || !selected}
            sx={{ flex: 1 }}
            startIcon={change.isPending && pendingKind === 'set' ? <CircularProgress size={16} /> : undefined}
          >
            Set country
          </Button>
          <Button
            variant="text"
            color="inherit"
            disabled={busy}
            onClick={() => change.mutate({ kind: 'reset' })}
            sx={{ flex: 1 }}
            startIcon={change.isPending && pendingKind === 'reset' ? <CircularProgress size={16} /> : undefined}
          >
            Reset country
          </Button>
        </Stack>
      </Stack>
      <ErrorLine message={change.error?.message} />
    </Section>
  );
}

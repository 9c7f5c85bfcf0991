import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import InputAdornment from '@mui/material/InputAdornment';
import { SelectField } from '../../../ui/SelectField';
import { ADMIN_CURRENCIES, CURRENCY_SYMBOLS, LIMITS, PATHS, TEXTS, type UserData } from '@parlance/shared';
import { AppLink } from '../../../ui/AppLink';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../ui/toast';
import { useReloadUser } from '../../../features/admin/use-reload-user';
import { setCurrency } from '../../../features/admin/api';
import { ErrorLine, Section } from './Section';

/** The user's currency is stored as ILS by some answers; the admin list names it NIS. */
function adminCurrencyOf(currency: string): string {
  const code = currency === 'ILS' ? 'NIS' : currency;
  return (ADMIN_CURRENCIES as readonly string[]).includes(code) ? code : '';
}

/** GET /api/2/tools/{currency}/SetCurrency for the effective user. */
export function CurrencySection({ user }: { user: UserData }) {
  const refreshUser = useReloadUser();
  const change = useMutation({
    mutationFn: setCurrency,
    onSuccess: async () => {
      toast(TEXTS.currencyUpdated, { variant: 'success', autoHideDuration: LIMITS.adminToastMs });
      await refreshUser();
    },
  });
  const current = adminCurrencyOf(user.currency);

  return (
    <Section title="Currency">
      <SelectField
        label="Currency"
        size="small"
        fullWidth
        value={change.isPending ? (change.variables ?? current) : current}
        onChange={(e) => {
          if (e.target.value !== current) change.mutate(e.target.value);
        }}
        disabled={change.isPending}
        slotProps={{
          input: {
            endAdornment: change.isPending ? (
              <InputAdornment position="end" sx={{ mr: 3 }}>
                <CircularProgress size={16} aria-label="Saving currency" />
              </InputAdornment>
            ) : undefined,
          },
        }}
      >
        {ADMIN_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code} ({CURRENCY_SYMBOLS[code] ?? code})
          </option>
        ))}
      </SelectField>
      <ErrorLine message={change.error?.message} />
      <Link component={AppLink} href={PATHS.adminRates} variant="caption" sx={{ display: 'inline-block', mt: 0.75 }}>
        Exchange rates of every currency
      </Link>
    </Section>
  );
}

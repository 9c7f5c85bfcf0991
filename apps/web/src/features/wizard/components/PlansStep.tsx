import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { creditsToMoney, ORDER_TEXTS, PATHS, type PriceQuoteResults } from '@parlance/shared';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../app/http';
import { fieldErrorsOf, finalizeOrder, messageOf, quotePlan, updateOrder, usePriceList } from '../api';
import { StepActions } from './StepActions';
import type { StepProps } from './step-props';

// Step 5: the plans (project types) with this order's price for each, an optional proofreading,
// then Add to cart (finalize). A guest signs up first; the order is claimed at sign-in.

function latestDeadline(q: PriceQuoteResults): string | null {
  const dates = q.payment_information.translationItems.map((i) => i.deadline).sort();
  const last = dates.at(-1);
  return last ? new Date(last).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : null;
}

export function PlansStep({ order, onBack, onFinishLater }: StepProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const priceList = usePriceList();
  const [selected, setSelected] = useState<string>(order.quotedCredits !== null ? order.type : '');
  const [proofreading, setProofreading] = useState(order.needProofreading);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labelId = useId();

  const priced = new Set(priceList.data?.prices.map((p) => p.projectType));
  const plans = (priceList.data?.projectTypes ?? []).filter((t) => priced.has(t.slug));
  const quotes = useQueries({
    queries: plans.map((plan) => ({
      queryKey: ['wizard', 'plan-quote', order.pid, plan.slug, order.updatedAt],
      queryFn: () => quotePlan(order, plan.slug),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const proofOption = priceList.data?.options.find((o) => o.slug.includes('proofreading'));
  const proofPercent = proofOption?.percent ?? 50;
  const chosenIndex = plans.findIndex((p) => p.slug === selected);
  const chosenQuote = chosenIndex >= 0 ? quotes[chosenIndex]?.data : undefined;

  async function next(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!selected) {
      setError(ORDER_TEXTS.wizardSelectOption);
      return;
    }
    setBusy(true);
    try {
      await updateOrder(order.pid, { type: selected, needProofreading: proofreading, step: 'plans' });
      await finalizeOrder(order.pid);
      // the cart, its badge and the projects change; the wizard's own data does not matter any more
      await queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'wizard' && q.queryKey[0] !== 'purchase-order',
      });
      navigate(PATHS.shoppingCart);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) {
        const back = `${PATHS.wizard}?pid=${order.pid}`;
        navigate(`${PATHS.auth}?mode=signup&return=${encodeURIComponent(back)}`);
        return;
      }
      const fields = Object.values(fieldErrorsOf(err));
      setError(fields.length > 0 ? fields.join(' ') : messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={next} aria-label="Plans">
      <Typography variant="h6" component="h2" id={labelId} sx={{ mb: 0.5 }}>
        Choose your plan
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Prices for {order.wordCount.toLocaleString('en-US')} words into {order.target_languages.length}{' '}
        {order.target_languages.length === 1 ? 'language' : 'languages'}, before VAT.
      </Typography>
      {priceList.isPending && <Skeleton variant="rounded" height={240} />}
      {priceList.isError && <Alert severity="error">We could not load the plans. Please reload the page.</Alert>}
      {priceList.data && plans.length === 0 && <Alert severity="info">No plans are offered at the moment.</Alert>}
      <RadioGroup
        aria-labelledby={labelId}
        value={selected}
        onChange={(e) => {
          setSelected(e.target.value);
          setError(null);
        }}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
          gap: 1.5,
        }}
      >
        {plans.map((plan, i) => {
          const q = quotes[i];
          const unavailable = q?.isError ?? false;
          const active = selected === plan.slug;
          return (
            <Paper
              key={plan.slug}
              variant="outlined"
              data-testid={`plan-${plan.slug}`}
              sx={{
                p: 0,
                borderWidth: active ? 2 : 1,
                borderColor: active ? 'primary.main' : 'divider',
                bgcolor: active ? 'action.selected' : 'background.paper',
                opacity: unavailable ? 0.6 : 1,
              }}
            >
              <FormControlLabel
                value={plan.slug}
                disabled={unavailable}
                control={<Radio />}
                sx={{ m: 0, width: '100%', alignItems: 'flex-start', p: 1.5, pl: 0.5 }}
                label={
                  <Box sx={{ pt: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
                    {q?.isPending && <Skeleton width={90} height={32} />}
                    {q?.data && (
                      <>
                        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
                          {creditsToMoney(q.data.price_quote.SUMMARY_COST.customer, q.data.currency)}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          Delivery by {latestDeadline(q.data)}
                        </Typography>
                      </>
                    )}
                    {unavailable && (
                      <Typography variant="body2" color="text.secondary">
                        Not available for these languages
                      </Typography>
                    )}
                  </Box>
                }
              />
            </Paper>
          );
        })}
      </RadioGroup>
      <FormControlLabel
        sx={{ mt: 2 }}
        control={<Checkbox checked={proofreading} onChange={(e) => setProofreading(e.target.checked)} />}
        label={`Add proofreading by a second linguist (+${proofPercent}%)`}
      />
      {chosenQuote && (
        <Paper variant="outlined" sx={{ mt: 2, p: 2, bgcolor: 'background.default' }} aria-label="Your order">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
            <Typography>
              {plans[chosenIndex]?.name}
              {proofreading ? ' + proofreading' : ''}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 20 }} data-testid="plan-total">
              {creditsToMoney(
                Math.round(chosenQuote.price_quote.SUMMARY_COST.customer * (proofreading ? 1 + proofPercent / 100 : 1)),
                chosenQuote.currency,
              )}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            VAT, if any, is added in the cart.
          </Typography>
        </Paper>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <StepActions onBack={onBack} onFinishLater={onFinishLater} busy={busy} nextLabel="Add to cart" />
    </Box>
  );
}

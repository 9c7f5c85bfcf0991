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
import {
  MT_PROJECT_TYPES,
  minimumOrderNote,
  minimumOrderOf,
  ORDER_TEXTS,
  type PriceQuoteResults,
  planMisfit,
} from '@parlance/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  fieldErrorsOf,
  messageOf,
  mtParamsQuery,
  quotePlan,
  setCertificateOption,
  updateOrder,
  usePriceList,
} from '../api';
import { needsTypedWordCount } from '../steps';
import { initialMtChoices, type MtChoices } from '../mt-choices';
import { MemoryAnalysis } from './MemoryAnalysis';
import { MtOptions } from './MtOptions';
import { StepActions } from './StepActions';
import type { StepProps } from './step-props';
import { TypedWordCount } from './TypedWordCount';
import { useAddToCart } from './use-add-to-cart';
import { wizardKeys } from '../keys';
import { formatMoney, formatUsd } from '../../../ui/money';

// Step 5: the plans (project types) with this order's price for each, an optional proofreading,
// then Add to cart (finalize). A guest signs up first; the order is claimed at sign-in. An MT plan
// shows its machine-translation options per language (saved with the plan).

const isMtType = (type: string) => (MT_PROJECT_TYPES as readonly string[]).includes(type);

/**
 * The MT options of the chosen plan. The server answers them for the order's stored plan, so
 * choosing an MT plan stores it first (the order is a draft; Add to cart stores it again).
 */
function useMtParams(pid: string, selected: string, targets: readonly string[]) {
  const mt = isMtType(selected);
  const [storedType, setStoredType] = useState<string | null>(null);
  const [storeError, setStoreError] = useState(false);
  useEffect(() => {
    if (!mt) return;
    let live = true;
    setStoreError(false);
    updateOrder(pid, { type: selected })
      .then(() => live && setStoredType(selected))
      .catch(() => live && setStoreError(true));
    return () => {
      live = false;
    };
  }, [mt, pid, selected]);
  const params = useQuery({ ...mtParamsQuery(pid, selected, targets), enabled: mt && storedType === selected });
  return { mt, params: params.data, loading: mt && !params.data, failed: storeError || params.isError };
}

function latestDeadline(q: PriceQuoteResults): string | null {
  const dates = q.payment_information.translationItems.map((i) => i.deadline).sort();
  const last = dates.at(-1);
  // the time too: an urgent plan can be due on the same day as a standard one, hours sooner
  return last
    ? new Date(last).toLocaleString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      })
    : null;
}

export function PlansStep({ order, onBack, onFinishLater, steps }: StepProps) {
  const addToCart = useAddToCart(order.pid);
  const priceList = usePriceList();
  const [chosen, setSelected] = useState<string>(order.quotedCredits !== null ? order.type : '');
  const [proofreading, setProofreading] = useState(order.needProofreading);
  const [certificate, setCertificate] = useState(order.certificate);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  // a stored plan that does not fit the content (files changed since) is not kept chosen
  const content = {
    mimes: order.files.filter((f) => f.context === 'source').map((f) => f.mime),
    fromUrl: order.entryType === 'url',
    machineTranslation: (priceList.data?.mtEngines.length ?? 0) > 0,
  };
  const selected = chosen && planMisfit(chosen, content) === null ? chosen : '';
  const mt = useMtParams(order.pid, selected, order.target_languages);
  // edited choices belong to one plan and its pairs; another plan starts from the saved choices
  const mtKey = mt.params ? `${selected}:${mt.params.pairs.map((p) => p.target_language).join(',')}` : '';
  const [edited, setEdited] = useState<{ key: string; choices: MtChoices } | null>(null);
  const mtChoices =
    edited && edited.key === mtKey ? edited.choices : mt.params ? initialMtChoices(order.mtParams, mt.params) : null;
  const setMtChoices = (choices: MtChoices) => setEdited({ key: mtKey, choices });

  const priced = new Set(priceList.data?.prices.map((p) => p.projectType));
  const pricedPlans = (priceList.data?.projectTypes ?? []).filter((t) => priced.has(t.slug));
  const plans = pricedPlans.filter((t) => planMisfit(t.slug, content) === null);
  const unfit = pricedPlans.flatMap((t) => {
    const reason = planMisfit(t.slug, content);
    return reason ? [{ ...t, reason }] : [];
  });
  const quotes = useQueries({
    queries: plans.map((plan) => ({
      queryKey: wizardKeys.planQuote(order.pid, plan.slug, order.updatedAt),
      queryFn: () => quotePlan(order, plan.slug),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const proofOption = priceList.data?.options.find((o) => o.slug.includes('proofreading'));
  const proofPercent = proofOption?.percent ?? 50;
  // a flat charge per target language, from the price list (none listed: not offered)
  const certificateOption = priceList.data?.options.find((o) => o.slug === 'certificate');
  const certificateCredits =
    certificate && certificateOption ? certificateOption.flatCredits * order.target_languages.length : 0;
  const chosenIndex = plans.findIndex((p) => p.slug === selected);
  const chosenQuote = chosenIndex >= 0 ? quotes[chosenIndex]?.data : undefined;

  async function next(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    if (!selected) {
      setError(ORDER_TEXTS.wizardSelectOption);
      return;
    }
    if (needsTypedWordCount(order, steps) && order.wordCount === 0) {
      setError(ORDER_TEXTS.wizardWordCountRequired);
      return;
    }
    setBusy(true);
    try {
      await updateOrder(order.pid, {
        type: selected,
        needProofreading: proofreading,
        step: 'plans',
        ...(mt.mt && mtChoices ? { mtParams: mtChoices } : {}),
      });
      if (certificate !== order.certificate) await setCertificateOption(order.pid, certificate);
      await addToCart();
    } catch (err) {
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
      {needsTypedWordCount(order, steps) && <TypedWordCount order={order} />}
      {/* every plan's quote carries the same analysis: the first that has one */}
      <MemoryAnalysis quote={quotes.find((q) => q.data?.analysis)?.data} />
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
                          {formatMoney(q.data.price_quote.SUMMARY_COST.customer, q.data.currency)}
                        </Typography>
                        <MinimumOrder quote={q.data} />
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
      {unfit.length > 0 && (
        <Box component="section" aria-labelledby={`${labelId}-unfit`} sx={{ mt: 2 }}>
          <Typography id={`${labelId}-unfit`} variant="subtitle2" component="h3" color="text.secondary">
            Not for this order
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {unfit.map((plan) => (
              <Typography component="li" variant="body2" color="text.secondary" key={plan.slug}>
                <strong>{plan.name}</strong>: {plan.reason}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      <FormControlLabel
        sx={{ mt: 2 }}
        control={<Checkbox checked={proofreading} onChange={(e) => setProofreading(e.target.checked)} />}
        label={`Add proofreading by a second linguist (+${proofPercent}%)`}
      />
      {certificateOption && (
        <FormControlLabel
          sx={{ display: 'flex' }}
          control={<Checkbox checked={certificate} onChange={(e) => setCertificate(e.target.checked)} />}
          label={`Add a certificate of translation accuracy, verifiable online (+${formatUsd(certificateOption.flatCredits)} per language)`}
        />
      )}
      {mt.mt && (
        <MtOptions
          params={mt.params}
          loading={mt.loading}
          failed={mt.failed}
          choices={mtChoices ?? {}}
          onChange={setMtChoices}
        />
      )}
      {chosenQuote && (
        <Paper variant="outlined" sx={{ mt: 2, p: 2, bgcolor: 'background.default' }} aria-label="Your order">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
            <Typography>
              {plans[chosenIndex]?.name}
              {proofreading ? ' + proofreading' : ''}
              {certificate && certificateOption ? ' + certificate' : ''}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 20 }} data-testid="plan-total">
              {formatMoney(
                Math.round(
                  chosenQuote.price_quote.SUMMARY_COST.customer * (proofreading ? 1 + proofPercent / 100 : 1),
                ) + certificateCredits,
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

/** "Minimum order $10" under a price the minimum charge set, so a small order's price explains itself. */
function MinimumOrder({ quote }: { quote: PriceQuoteResults }) {
  const minimum = minimumOrderOf(quote.payment_information.translationItems);
  if (minimum === null) return null;
  const perLanguage = quote.payment_information.translationItems.length > 1 ? ' per language' : '';
  return (
    <Typography variant="body2" color="text.secondary" data-testid="minimum-order">
      {minimumOrderNote(formatMoney(minimum, quote.currency))}
      {perLanguage}
    </Typography>
  );
}

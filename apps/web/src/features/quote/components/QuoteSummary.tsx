import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Language, minimumOrderNote, type PriceQuoteResults } from '@parlance/shared';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../ui/money';

// The answer of a quote: price, VAT and total in the user's currency (with the credits beside them),
// and for a word-count quote one line per language pair with its deadline.

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function Row({
  label,
  credits,
  quote,
  strong,
}: {
  label: ReactNode;
  credits: number;
  quote: PriceQuoteResults;
  strong?: boolean;
}) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Box sx={{ textAlign: 'right' }}>
        <Typography
          component="span"
          sx={{ fontWeight: strong ? 700 : 500, fontSize: strong ? 20 : undefined }}
          data-testid={strong ? 'quote-total' : undefined}
        >
          {formatMoney(credits, quote.currency)}
        </Typography>
        <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: 13 }}>
          {credits.toLocaleString('en-US')} credits
        </Typography>
      </Box>
    </Stack>
  );
}

export function QuoteSummary({
  quote,
  languages,
  actions,
}: {
  quote: PriceQuoteResults;
  languages: Language[] | undefined;
  actions: ReactNode;
}) {
  const nameOf = (slug: string) => languages?.find((l) => l.slug === slug)?.name ?? slug;
  const items = quote.payment_information.translationItems;
  const { SUMMARY_COST, SUMMARY_TOTAL_VAT, SUMMARY_TOTAL } = quote.price_quote;
  const vatLabel = quote.vat.percent > 0 ? `VAT (${quote.vat.percent}%, ${quote.vat.country})` : 'VAT';
  return (
    <Paper variant="outlined" component="section" aria-label="Your quote" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2, fontWeight: 700 }}>
        Your quote
      </Typography>
      {items.length > 0 && (
        <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, gap: 1 }} aria-label="Language pairs">
          {items.map((item) => (
            <Stack
              component="li"
              key={`${item.srcLang.slug}-${item.tarLang.slug}`}
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ justifyContent: 'space-between', gap: 0.5 }}
            >
              <Box>
                <Typography sx={{ fontWeight: 500 }}>
                  {nameOf(item.srcLang.slug)} → {nameOf(item.tarLang.slug)}
                </Typography>
                <Typography color="text.secondary" sx={{ fontSize: 13 }}>
                  {item.wordCount.toLocaleString('en-US')} words · delivered by{' '}
                  {dateFormat.format(new Date(item.deadline))}
                  {item.minimumCredits != null && (
                    <span data-testid="minimum-order">
                      {' · '}
                      {minimumOrderNote(formatMoney(item.minimumCredits, quote.currency)).toLowerCase()}
                    </span>
                  )}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 500 }}>{formatMoney(item.credits, quote.currency)}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
      <Stack sx={{ gap: 1 }}>
        <Row label="Price" credits={SUMMARY_COST.customer} quote={quote} />
        <Row label={vatLabel} credits={SUMMARY_TOTAL_VAT.customer} quote={quote} />
        <Divider />
        <Row label="Total" credits={SUMMARY_TOTAL.customer} quote={quote} strong />
      </Stack>
      {quote.currency.code !== 'USD' && (
        <Typography color="text.secondary" sx={{ mt: 1, fontSize: 13 }}>
          Shown in {quote.currency.code}; you are charged in credits (1 credit = 0.01 USD).
        </Typography>
      )}
      <Box sx={{ mt: 3, display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>{actions}</Box>
    </Paper>
  );
}

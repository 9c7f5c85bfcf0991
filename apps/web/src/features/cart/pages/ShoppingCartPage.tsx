import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Field } from '../../../ui/Field';
import Typography from '@mui/material/Typography';
import {
  type Cart,
  CART_TEXTS,
  type CartOrder,
  type Currency,
  orderAddOnNames,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  type ProjectStatus,
  STORAGE_KEYS,
  type TranslateNowResult,
} from '@parlance/shared';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '../../../app/current-user';
import { HttpError } from '../../../app/http';
import { writeStored } from '../../../shell/storage';
import { AppLink } from '../../../ui/AppLink';
import { formatCredits, formatMoney } from '../../../ui/money';
import { PageContainer } from '../../../ui/PageContainer';
import { ProjectStatusChip } from '../../../ui/ProjectStatusChip';
import { TextLink } from '../../../ui/TextLink';
import { StatusPage } from '../../../ui/StatusPage';
import { toast } from '../../../ui/toast';
import { useApplyCoupon, useCart, useCurrencies, usePayWithCredits, useRemoveCoupon, useRemoveOrder } from '../api';
import { useNames } from '../../../ui/use-names';

// The shopping cart: the orders waiting to be paid, coupons, totals, paying with credits.

const credits = formatCredits;

function useMoney(): (n: number) => string {
  const { data: user } = useCurrentUser();
  const { data: currencies } = useCurrencies();
  const currency: Pick<Currency, 'symbol' | 'rate'> = currencies?.find((c) => c.code === user?.currency) ?? {
    symbol: '$',
    rate: 1,
  };
  return (n) => formatMoney(n, currency);
}

export default function ShoppingCartPage() {
  const cart = useCart();
  const names = useNames();
  const [paid, setPaid] = useState<TranslateNowResult | null>(null);

  if (paid) return <PaidSummary result={paid} />;
  // the lines name languages and expertises: they wait for the names rather than show slugs
  if (cart.isPending || !names.ready) {
    return (
      <PageContainer title="Shopping cart">
        <Box role="status" aria-busy="true" aria-label="Loading the cart">
          <Skeleton variant="rounded" height={96} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={96} sx={{ mb: 2 }} />
          <Skeleton variant="rounded" height={160} />
        </Box>
      </PageContainer>
    );
  }
  if (cart.isError) {
    return (
      <StatusPage
        title="The cart could not be loaded"
        actions={
          <Button variant="contained" onClick={() => void cart.refetch()}>
            Try again
          </Button>
        }
      >
        {cart.error.message}
      </StatusPage>
    );
  }
  if (cart.data.purchaseOrders.length === 0) {
    return (
      <StatusPage
        title="Your cart is empty"
        actions={
          <>
            <Button variant="contained" component={AppLink} href="/wizard">
              Order a translation
            </Button>
            <Button variant="outlined" component={AppLink} href="/quote">
              Get an instant quote
            </Button>
          </>
        }
      >
        Orders you finish in the wizard wait here until you pay for them.
      </StatusPage>
    );
  }
  return <CartView cart={cart.data} onPaid={setPaid} />;
}

function CartView({ cart, onPaid }: { cart: Cart; onPaid: (r: TranslateNowResult) => void }) {
  const count = cart.purchaseOrders.length;
  // the cart key of what was shown (logout clears it, spec 1 section 4)
  useEffect(() => writeStored(STORAGE_KEYS.cartKey, cart.ck), [cart.ck]);
  return (
    <PageContainer title="Shopping cart" subtitle={`${count} ${count === 1 ? 'order' : 'orders'} in your cart`}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 360px' },
          alignItems: 'start',
        }}
      >
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Orders">
          {cart.purchaseOrders.map((o) => (
            <OrderRow key={o.purchaseOrderId} order={o} />
          ))}
        </Stack>
        <Stack spacing={2}>
          <CouponBox cart={cart} />
          <TotalsBox cart={cart} onPaid={onPaid} />
        </Stack>
      </Box>
    </PageContainer>
  );
}

function OrderRow({ order }: { order: CartOrder }) {
  const money = useMoney();
  const remove = useRemoveOrder();
  const names = useNames();
  const targets = order.targetLanguages.map(names.language).join(', ');
  const type = PROJECT_TYPES.find((t) => t.slug === order.type)?.name ?? order.type;
  const source = order.sourceLanguage ? names.language(order.sourceLanguage) : '—';
  // an order saved without a name reads as what it is, never as a blank line
  const title = order.name.trim() || `${type}: ${source} to ${targets || '—'}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1, alignItems: 'flex-start' }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {type}
          {orderAddOnNames(order).map((name) => ` + ${name}`)}
          {order.expertise ? ` · ${names.expertise(order.expertise)}` : ''}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {source} → {targets || '—'} · {order.wordCount.toLocaleString('en-US')} words
        </Typography>
        {remove.isError && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {remove.error.message}
          </Typography>
        )}
      </Box>
      <Box sx={{ textAlign: 'right', ml: 'auto' }}>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{credits(order.priceCredits)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {money(order.priceCredits)}
        </Typography>
      </Box>
      <IconButton
        aria-label={`Remove ${title}`}
        onClick={() => remove.mutate(order.purchaseOrderId)}
        disabled={remove.isPending}
        size="small"
      >
        {remove.isPending ? <CircularProgress size={18} /> : <span aria-hidden>✕</span>}
      </IconButton>
    </Paper>
  );
}

function CouponBox({ cart }: { cart: Cart }) {
  const [code, setCode] = useState('');
  const apply = useApplyCoupon();
  const removeCoupon = useRemoveCoupon();
  const fieldError = apply.error instanceof HttpError ? apply.error.message : null;

  const [already, setAlready] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    const wanted = code.trim();
    if (!wanted) return;
    // a coupon already in the cart is said once, beside the field, and not sent again
    if (cart.coupons.some((c) => c.code.toLowerCase() === wanted.toLowerCase())) {
      setAlready(true);
      return;
    }
    const before = cart.coupons.length;
    apply.mutate(
      { code: wanted, totalWithVat: cart.totalCredits },
      {
        onSuccess: (next) => {
          setCode('');
          if (next.coupons.length > before) toast('Coupon applied', { variant: 'success' });
        },
      },
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Coupon
      </Typography>
      {cart.coupons.length > 0 && (
        <Stack spacing={1} sx={{ mb: 1.5 }}>
          {cart.coupons.map((c) => (
            <Box key={c.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: 1 }}>
                <strong>{c.code}</strong> ({c.kind === 'percent' ? `${c.value / 100}%` : credits(c.value)}) −
                {credits(c.discountCredits)}
              </Typography>
              <Button size="small" onClick={() => removeCoupon.mutate(c.id)} disabled={removeCoupon.isPending}>
                Remove
              </Button>
            </Box>
          ))}
        </Stack>
      )}
      <Box component="form" onSubmit={submit} noValidate>
        <Field
          label="Coupon code"
          size="small"
          fullWidth
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setAlready(false);
            if (apply.isError) apply.reset();
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? (already ? 'This coupon is already applied.' : ' ')}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button type="submit" size="small" disabled={!code.trim() || apply.isPending}>
                    Apply
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
    </Paper>
  );
}

function newKey(): string {
  return crypto.randomUUID();
}

function TotalsBox({ cart, onPaid }: { cart: Cart; onPaid: (r: TranslateNowResult) => void }) {
  const money = useMoney();
  const pay = usePayWithCredits();
  // One key per attempt: a double click or a network retry of this attempt pays once; a new
  // attempt after a refusal (402/409) gets a new key.
  const attemptKey = useRef<string | null>(null);
  const shortfall = shortfallOf(pay.error);

  function payNow() {
    attemptKey.current ??= newKey();
    pay.mutate(
      { ck: cart.ck, couponIds: cart.coupons.map((c) => c.id), idempotencyKey: attemptKey.current },
      {
        onSuccess: onPaid,
        onError: () => {
          attemptKey.current = null;
        },
      },
    );
  }

  const rows: [string, number, boolean?][] = [
    ['Subtotal', cart.subtotalCredits],
    ...(cart.discountCredits > 0 ? [['Discount', -cart.discountCredits] as [string, number]] : []),
    [`VAT (${cart.vatBasisPoints / 100}%)`, cart.vatCredits],
    ['Total', cart.totalCredits, true],
  ];

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Summary
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {rows.map(([label, value, strong]) => (
          <Box
            key={label}
            sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5, fontWeight: strong ? 700 : 400 }}
          >
            <Box component="dt">{label}</Box>
            <Box
              component="dd"
              sx={{ m: 0, textAlign: 'right' }}
              data-testid={`cart-${label.split(' ')[0].toLowerCase()}`}
            >
              {/* one minus sign, the typographic one, for credits and money alike */}
              {value < 0 ? `−${credits(-value)}` : credits(value)}
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {value < 0 ? `−${money(-value)}` : money(value)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', my: 1.5 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography>Your credit balance</Typography>
        <Typography data-testid="cart-balance" sx={{ fontWeight: 600 }}>
          {credits(cart.balanceCredits)}
        </Typography>
      </Box>
      {shortfall !== null ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Not enough credits: you need {credits(shortfall)} more.
          {/* a sub-account whose main account could not cover it by auto-transfer says so */}
          {pay.error && pay.error.message !== CART_TEXTS.notEnoughCredits && (
            <Box component="span" sx={{ display: 'block' }}>
              {pay.error.message}
            </Box>
          )}
          <Box sx={{ mt: 1 }}>
            <Button variant="contained" size="small" component={AppLink} href={`/payment/quote/?amount=${shortfall}`}>
              Buy credits
            </Button>
          </Box>
        </Alert>
      ) : (
        pay.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {pay.error.message}
          </Alert>
        )
      )}
      {cart.shortfallCredits > 0 && shortfall === null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Your balance is {credits(cart.shortfallCredits)} short of the total.{' '}
          <AppLink href={`/payment/quote/?amount=${cart.shortfallCredits}`}>Buy credits</AppLink>
        </Typography>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        onClick={payNow}
        disabled={pay.isPending}
        startIcon={pay.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Pay with credits
      </Button>
    </Paper>
  );
}

function shortfallOf(error: Error | null): number | null {
  if (!(error instanceof HttpError) || error.status !== 402) return null;
  const body = error.body;
  if (body && typeof body === 'object' && 'shortfallCredits' in body && typeof body.shortfallCredits === 'number') {
    return body.shortfallCredits;
  }
  return null;
}

/** The invoice's PDF (the invoices feature's call; a plain link: it is a file, not a page). */
const invoicePdfHref = (id: number) => `/api/2/account/invoice/${id}`;

const isStatus = (s: string): s is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(s);

function PaidSummary({ result }: { result: TranslateNowResult }) {
  return (
    <PageContainer title="Thank you, your order is paid">
      <Alert severity="success" sx={{ mb: 2 }}>
        {credits(result.invoice.totalCredits)} paid with credits. Your balance is now {credits(result.balance)}.
      </Alert>
      <Typography sx={{ mb: 3 }} data-testid="paid-invoice">
        Invoice{' '}
        <Box
          component="a"
          href={invoicePdfHref(result.invoice.id)}
          target="_blank"
          rel="noopener"
          sx={{ color: 'primary.main', textDecoration: 'underline', fontWeight: 600 }}
        >
          {result.invoice.number}
        </Box>{' '}
        (PDF) · <TextLink href="/member/invoices">All invoices</TextLink>
      </Typography>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Projects created
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
        {result.projects.map((p) => (
          <Paper
            component="li"
            key={p.id}
            variant="outlined"
            sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}
          >
            <Box sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 }}>
              <TextLink href={`/project/${p.id}`}>{p.name}</TextLink>
            </Box>
            <Typography color="text.secondary">#{p.id}</Typography>
            {isStatus(p.status) ? <ProjectStatusChip status={p.status} /> : <Typography>{p.status}</Typography>}
          </Paper>
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" component={AppLink} href="/my-projects">
          Go to my projects
        </Button>
        <Button variant="outlined" component={AppLink} href="/wizard">
          Order another translation
        </Button>
      </Stack>
    </PageContainer>
  );
}

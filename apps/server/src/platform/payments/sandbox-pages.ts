import { SANDBOX_TEST_CARDS, type CardField } from './sandbox';

// The sandbox processor's own server-rendered pages: the hosted checkout, its confirmation step and
// short message pages. No scripts (the CSP forbids inline ones and nothing needs one); every value is
// escaped.

export interface CheckoutAmounts {
  amountCredits: number;
  vatCredits: number;
}

export interface CheckoutPageInput extends CheckoutAmounts {
  paymentKey: string;
  /** the session's CSRF token, carried by the form (a plain HTML form cannot send the header) */
  formToken: string;
  values?: { number?: string; expiry?: string; name?: string; save?: boolean };
  errors?: Partial<Record<CardField, string>>;
  /** a message above the form (e.g. an expired form) */
  notice?: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatCredits(credits: number): string {
  return `${credits.toLocaleString('en-US')} credits`;
}

/** Integer credits as US dollars, without floating point: 12345 -> $123.45. */
export function formatUsd(credits: number): string {
  const cents = Math.abs(credits);
  const dollars = Math.floor(cents / 100).toLocaleString('en-US');
  return `${credits < 0 ? '-' : ''}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1d2330}
main{max-width:480px;margin:40px auto;padding:0 16px}
.card{background:#fff;border:1px solid #dde1e7;border-radius:10px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
.brand{display:flex;align-items:center;justify-content:space-between;margin-bottom:16px;color:#4a5263;font-size:14px}
.badge{background:#fff4d6;color:#6b4e00;border:1px solid #f0d27a;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
h1{font-size:22px;margin:0 0 16px}
table.amounts{width:100%;border-collapse:collapse;margin:0 0 20px}
.amounts th{text-align:left;font-weight:400;color:#4a5263;padding:4px 0}
.amounts td{text-align:right;padding:4px 0;white-space:nowrap}
.amounts tr.total th,.amounts tr.total td{font-weight:700;color:#1d2330;border-top:1px solid #dde1e7;padding-top:8px}
.usd{display:block;font-size:13px;color:#5b6475;font-weight:400}
.caption{text-align:left;font-size:13px;color:#5b6475;padding-bottom:6px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 4px}
input[type=text]{width:100%;padding:10px 12px;font-size:16px;border:1px solid #b8c0cc;border-radius:6px}
input[type=text]:focus,button:focus,input[type=checkbox]:focus{outline:3px solid #8db4ff;outline-offset:1px}
input[aria-invalid=true]{border-color:#c62828}
.row{display:flex;gap:12px}.row>div{flex:1}
.check{display:flex;align-items:center;gap:8px;margin:16px 0 0;font-weight:400}
.check input{width:18px;height:18px}
.error{color:#c62828;font-size:14px;margin:4px 0 0}
.alert{background:#fdecea;border:1px solid #f5c2bd;color:#8a1c12;border-radius:6px;padding:10px 12px;margin:0 0 16px}
.info{background:#eef4ff;border:1px solid #c9dafc;color:#1f3b73;border-radius:6px;padding:10px 12px;margin:0 0 16px}
.actions{display:flex;gap:12px;margin-top:22px}
button{flex:1;padding:12px;font-size:16px;font-weight:600;border-radius:6px;border:1px solid #1f5bd8;background:#1f5bd8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f5bd8}
details{margin-top:20px;font-size:14px;color:#4a5263}
details ul{padding-left:18px;margin:8px 0}
code{font-family:ui-monospace,Menlo,Consolas,monospace;white-space:nowrap}
a{color:#1f5bd8}
.secure{font-size:13px;color:#5b6475;margin-top:14px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Parlance Sandbox Payments</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<div class="brand"><span>Parlance Sandbox Payments</span><span class="badge">Test mode</span></div>
${body}
</div>
</main>
</body>
</html>`;
}

function amountsTable(input: CheckoutAmounts): string {
  const row = (label: string, credits: number, cls = '') =>
    `<tr${cls ? ` class="${cls}"` : ''}><th scope="row">${label}</th><td>${escapeHtml(formatCredits(credits))}<span class="usd">${escapeHtml(formatUsd(credits))}</span></td></tr>`;
  return `<table class="amounts">
<caption class="caption">Buying Parlance credits (1 credit = $0.01)</caption>
${row('Credits', input.amountCredits)}
${row('VAT', input.vatCredits)}
${row('Total to pay', input.amountCredits + input.vatCredits, 'total')}
</table>`;
}

function field(
  name: CardField,
  label: string,
  opts: {
    value?: string;
    error?: string;
    autocomplete: string;
    inputmode?: string;
    placeholder?: string;
    maxlength: number;
  },
): string {
  const errorId = `${name}-error`;
  const invalid = opts.error ? ' aria-invalid="true"' : '';
  const described = opts.error ? ` aria-describedby="${errorId}"` : '';
  return `<label for="${name}">${label}</label>
<input type="text" id="${name}" name="${name}" value="${escapeHtml(opts.value ?? '')}" autocomplete="${opts.autocomplete}"${opts.inputmode ? ` inputmode="${opts.inputmode}"` : ''}${opts.placeholder ? ` placeholder="${escapeHtml(opts.placeholder)}"` : ''} maxlength="${opts.maxlength}" required${invalid}${described}>
${opts.error ? `<p class="error" id="${errorId}">${escapeHtml(opts.error)}</p>` : ''}`;
}

function testCardsHelp(): string {
  const items = SANDBOX_TEST_CARDS.map(
    (c) => `<li><code>${escapeHtml(c.number)}</code>: ${escapeHtml(c.description)}</li>`,
  ).join('\n');
  return `<details>
<summary>Test cards</summary>
<ul>
${items}
</ul>
<p>Use any future expiry date, any 3-digit security code and any name. No real card is charged.</p>
</details>`;
}

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const errors = input.errors ?? {};
  const values = input.values ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  const action = `/sandbox/checkout/${encodeURIComponent(input.paymentKey)}`;
  const body = `<h1>Pay by card</h1>
${amountsTable(input)}
${input.notice ? `<div class="alert" role="alert">${escapeHtml(input.notice)}</div>` : ''}
${hasErrors ? '<div class="alert" role="alert">Please check the fields marked below.</div>' : ''}
<form method="post" action="${action}" novalidate>
<input type="hidden" name="form_token" value="${escapeHtml(input.formToken)}">
${field('number', 'Card number', { value: values.number, error: errors.number, autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234', maxlength: 23 })}
<div class="row">
<div>${field('expiry', 'Expiry (MM/YY)', { value: values.expiry, error: errors.expiry, autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', maxlength: 7 })}</div>
<div>${field('cvc', 'Security code (CVC)', { error: errors.cvc, autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 4 })}</div>
</div>
${field('name', 'Name on card', { value: values.name, error: errors.name, autocomplete: 'cc-name', maxlength: 100 })}
<label class="check"><input type="checkbox" name="save_card" value="1"${values.save ? ' checked' : ''}> Save this card for future purchases</label>
<div class="actions"><button type="submit">Pay ${escapeHtml(formatUsd(input.amountCredits + input.vatCredits))}</button></div>
</form>
<p class="secure">Card numbers are checked by the sandbox processor and never stored by Parlance.</p>
${testCardsHelp()}`;
  return layout('Pay by card', body);
}

export function renderConfirmPage(
  input: CheckoutAmounts & { paymentKey: string; formToken: string; cardLabel: string },
): string {
  const action = `/sandbox/checkout/${encodeURIComponent(input.paymentKey)}/confirm`;
  const body = `<h1>Confirm your payment</h1>
<div class="info" role="status">Your bank asks you to confirm this payment with ${escapeHtml(input.cardLabel)}.</div>
${amountsTable(input)}
<form method="post" action="${action}">
<input type="hidden" name="form_token" value="${escapeHtml(input.formToken)}">
<div class="actions">
<button type="submit" name="action" value="confirm">Confirm payment</button>
<button type="submit" name="action" value="cancel" class="secondary">Cancel</button>
</div>
</form>`;
  return layout('Confirm payment', body);
}

export function renderMessagePage(title: string, message: string, link?: { href: string; label: string }): string {
  const body = `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`;
  return layout(title, body);
}

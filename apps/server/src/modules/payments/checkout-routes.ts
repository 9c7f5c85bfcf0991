// The sandbox card processor's hosted checkout pages (server-rendered HTML, no scripts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_TEXTS } from '@parlance/shared';
import { safeEqual } from '../../platform/crypto';
import { returnBase } from '../../platform/our-origins';
import { AppError } from '../../platform/errors';
import type { SandboxProvider } from '../../platform/payments';
import { renderCheckoutPage, renderConfirmPage, renderMessagePage } from '../../platform/payments/sandbox-pages';
import type { SessionRow, UserRow } from '../../platform/session';
import { confirmCardPayment, nextStepOf, submitCardForm } from './checkout';
import { requireOwnPayment } from './service';
import type { PaymentRow } from './settle';

const TAGS = ['Sandbox checkout'];
const params = z.object({ key: z.string().min(1).max(100) });
const text = z.string().max(200).optional().default('');
const cardFormBody = z.object({
  form_token: text,
  number: text,
  expiry: text,
  cvc: text,
  name: text,
  save_card: text,
});
const confirmBody = z.object({ form_token: text, action: z.enum(['confirm', 'cancel']) });

type Html = { status: number; html: string };

function sendHtml(reply: FastifyReply, page: Html) {
  return (
    reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // helmet's no-referrer makes the browser post the form with `Origin: null`, which the session's
      // same-origin check refuses; same-origin sends the real origin to us and nothing to other sites
      .header('referrer-policy', 'same-origin')
      .send(page.html)
  );
}

/** The signed-in browser session of the request, or null (the hosted pages are for browsers only). */
function browserOf(request: FastifyRequest): { user: UserRow; session: SessionRow } | null {
  if (request.auth?.via !== 'session' || !request.session) return null;
  return { user: request.auth.user, session: request.session };
}

function signInPage(request: FastifyRequest): Html {
  const back = encodeURIComponent(request.url.split('?')[0].replace(/\/confirm$/, ''));
  return {
    status: 401,
    html: renderMessagePage('Sign in to pay', ORDER_TEXTS.checkoutSignIn, {
      href: `/auth?return=${back}`,
      label: 'Sign in',
    }),
  };
}

/** An AppError of the payment lookup (404, account mismatch) as a page. */
function errorPage(err: unknown): Html {
  if (!(err instanceof AppError)) throw err;
  const title = err.message === ORDER_TEXTS.paymentAccountMismatch ? 'Wrong account' : 'Payment not found';
  return {
    status: err.statusCode,
    html: renderMessagePage(title, err.message, { href: '/', label: 'Back to Parlance' }),
  };
}

function formTokenValid(sent: string, session: SessionRow): boolean {
  return sent !== '' && safeEqual(sent, session.csrfToken);
}

export function checkoutRoutes(provider: SandboxProvider): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const { deps } = app;

    const statusPage = (payment: PaymentRow, session: SessionRow, request: FastifyRequest, reply: FastifyReply) => {
      if (payment.status === 'pending') {
        return sendHtml(reply, {
          status: 200,
          html: renderCheckoutPage({ ...payment, paymentKey: payment.key, formToken: session.csrfToken }),
        });
      }
      // back to the origin the browser is on (its cookie, and the form-action of its CSP)
      const next = nextStepOf(payment, returnBase(request, deps.config));
      // no-store: the address depends on the request's Host, so no cache may answer it to another
      if (next) return reply.header('cache-control', 'no-store').redirect(next, 303);
      return sendHtml(reply, { status: 409, html: renderMessagePage('Payment closed', ORDER_TEXTS.paymentNotPending) });
    };

    app.get(
      '/sandbox/checkout/:key',
      {
        config: { access: 'self', produces: ['text/html'] },
        schema: { tags: TAGS, summary: 'The hosted checkout page of a payment (HTML; owner only)', params },
      },
      async (request, reply) => {
        const browser = browserOf(request);
        if (!browser) return sendHtml(reply, signInPage(request));
        try {
          const payment = await requireOwnPayment(deps.db, request.params.key, browser.user);
          return statusPage(payment, browser.session, request, reply);
        } catch (err) {
          return sendHtml(reply, errorPage(err));
        }
      },
    );

    app.post(
      '/sandbox/checkout/:key',
      {
        // a plain HTML form: it carries the session's token in form_token instead of the header
        config: { access: 'self', csrf: false, produces: ['redirect', 'text/html'] },
        schema: {
          tags: TAGS,
          summary: 'Pay with a card (form: number, expiry MM/YY, cvc, name, save_card, form_token)',
          description:
            'Redirects (303) to /payment/thankyou/, back to /payment/quote/ on a decline, or to the confirmation step.',
          params,
          body: cardFormBody,
        },
      },
      async (request, reply) => {
        const browser = browserOf(request);
        if (!browser) return sendHtml(reply, signInPage(request));
        const { key } = request.params;
        const body = request.body;
        try {
          if (!formTokenValid(body.form_token, browser.session)) {
            const payment = await requireOwnPayment(deps.db, key, browser.user);
            const html = renderCheckoutPage({
              ...payment,
              paymentKey: key,
              formToken: browser.session.csrfToken,
              notice: ORDER_TEXTS.checkoutFormExpired,
            });
            return sendHtml(reply, { status: 403, html });
          }
          const form = {
            number: body.number,
            expiry: body.expiry,
            cvc: body.cvc,
            name: body.name,
            save: body.save_card !== '',
          };
          const outcome = await submitCardForm(deps, provider, browser.user, key, form);
          if (outcome.kind === 'invalid') {
            const html = renderCheckoutPage({
              ...outcome.payment,
              paymentKey: key,
              formToken: browser.session.csrfToken,
              values: { number: form.number, expiry: form.expiry, name: form.name, save: form.save },
              errors: outcome.errors,
            });
            return sendHtml(reply, { status: 422, html });
          }
          return statusPage(outcome.payment, browser.session, request, reply);
        } catch (err) {
          return sendHtml(reply, errorPage(err));
        }
      },
    );

    app.get(
      '/sandbox/checkout/:key/confirm',
      {
        config: { access: 'self', produces: ['text/html'] },
        schema: { tags: TAGS, summary: 'The confirmation step of a card that requires it (HTML; owner only)', params },
      },
      async (request, reply) => {
        const browser = browserOf(request);
        if (!browser) return sendHtml(reply, signInPage(request));
        try {
          const payment = await requireOwnPayment(deps.db, request.params.key, browser.user);
          if (payment.status !== 'requires_action') return statusPage(payment, browser.session, request, reply);
          const cardLabel = `your ${payment.cardBrand ?? 'card'} ending in ${payment.cardLast4 ?? '····'}`;
          const html = renderConfirmPage({
            ...payment,
            paymentKey: payment.key,
            formToken: browser.session.csrfToken,
            cardLabel,
          });
          return sendHtml(reply, { status: 200, html });
        } catch (err) {
          return sendHtml(reply, errorPage(err));
        }
      },
    );

    app.post(
      '/sandbox/checkout/:key/confirm',
      {
        config: { access: 'self', csrf: false, produces: ['redirect', 'text/html'] },
        schema: {
          tags: TAGS,
          summary: 'Confirm or cancel a payment that requires confirmation (form: action=confirm|cancel, form_token)',
          params,
          body: confirmBody,
        },
      },
      async (request, reply) => {
        const browser = browserOf(request);
        if (!browser) return sendHtml(reply, signInPage(request));
        const { key } = request.params;
        try {
          if (!formTokenValid(request.body.form_token, browser.session)) {
            const expired = renderMessagePage('Form expired', ORDER_TEXTS.checkoutFormExpired, {
              href: `/sandbox/checkout/${encodeURIComponent(key)}/confirm`,
              label: 'Reload the confirmation page',
            });
            await requireOwnPayment(deps.db, key, browser.user);
            return sendHtml(reply, { status: 403, html: expired });
          }
          const payment = await confirmCardPayment(deps, provider, browser.user, key, request.body.action);
          return statusPage(payment, browser.session, request, reply);
        } catch (err) {
          return sendHtml(reply, errorPage(err));
        }
      },
    );
  };
}

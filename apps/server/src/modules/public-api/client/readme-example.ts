// The README's typed client ("Customer API"), kept here so that it is proven: tsc checks it against
// the types generated from the served document (./schema, `npm run api:client -w apps/server`), the
// API test runs it against the app, and the same test compares the README's copy with this file.
// In the README the types import from './parlance-api', the file the npx command there writes.
// npm i openapi-fetch && npx openapi-typescript http://localhost:3000/api/v1/openapi.json -o parlance-api.d.ts
import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** Quotes a text, orders it, pays it from credits and reads the new project back. */
export async function orderTranslation(baseUrl: string, apiKey: string, fetch = globalThis.fetch) {
  const api = createClient<paths>({ baseUrl, fetch, headers: { Authorization: `Bearer ${apiKey}` } });
  const fail = (error: { error: { code: string; message: string } }) => {
    throw new Error(`${error.error.code}: ${error.error.message}`);
  };
  const content = {
    source_language: 'american-english',
    target_languages: ['spanish'],
    expertise: 'general',
    text: 'Our new catalogue is out. Order before Friday for delivery next week.',
  };

  const quote = await api.POST('/api/v1/quotes', { body: content });
  if (!quote.data) return fail(quote.error);

  // an idempotency key per create: a retry after a lost answer does not order twice
  const order = await api.POST('/api/v1/orders', {
    params: { header: { 'idempotency-key': crypto.randomUUID() } },
    body: { ...content, name: 'Catalogue', brief: 'Friendly, short sentences' },
  });
  if (!order.data) return fail(order.error);

  const cart = await api.GET('/api/v1/cart');
  if (!cart.data) return fail(cart.error);
  const paid = await api.POST('/api/v1/cart/pay', {
    params: { header: { 'idempotency-key': crypto.randomUUID() } },
    body: { ck: cart.data.ck },
  });
  if (!paid.data) return fail(paid.error);

  const projectId = paid.data.projects[0].id;
  const project = await api.GET('/api/v1/projects/{id}', { params: { path: { id: projectId } } });
  if (!project.data) return fail(project.error);
  return { quotedCredits: quote.data.subtotal_credits, paidCredits: cart.data.totalCredits, project: project.data };
}

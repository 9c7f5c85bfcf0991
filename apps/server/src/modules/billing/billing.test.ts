import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@parlance/shared';
import { authed, loginDemo, signUp } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demo: true });
});
afterAll(() => t.close());

const good = {
  firstName: 'Maria',
  lastName: 'Lopez',
  vat_id: 'ES123456789',
  zipCode: '28001',
  phone: '(91) 555-0101',
  Country: 'es',
  Company: 'Lopez SL',
  address: 'Calle Mayor 1',
  city: 'Madrid',
};

describe('/api/2/account/{id}/billing-info', () => {
  it('answers empty details, saves them (form) and answers them', async () => {
    const s = await signUp(t.app);
    const api = authed(t.app, s);
    const empty = await api.get(`/api/2/account/${s.user.id}/billing-info`);
    expect(empty.json()).toEqual({
      results: {
        firstName: '',
        lastName: '',
        vat_id: '',
        zipCode: '',
        phone: '',
        Country: null,
        Company: '',
        address: '',
        city: '',
      },
    });
    const saved = await api.post(`/api/2/account/${s.user.id}/billing-info`, good);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ results: { ...good, Country: 'ES' } });
    expect((await api.get(`/api/2/account/${s.user.id}/billing-info`)).json()).toEqual({
      results: { ...good, Country: 'ES' },
    });
    // saving again replaces every field
    const again = await api.postJson(`/api/2/account/${s.user.id}/billing-info`, { Country: 'FR', city: 'Paris' });
    expect(again.json()).toMatchObject({ results: { Country: 'FR', city: 'Paris', firstName: '', Company: '' } });
  });

  it('answers field errors a person can act on', async () => {
    const s = await signUp(t.app);
    const api = authed(t.app, s);
    const phone = await api.post(`/api/2/account/${s.user.id}/billing-info`, { ...good, phone: '+34 91 555' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ errors: { phone: TEXTS.invalidPhone } });
    const country = await api.post(`/api/2/account/${s.user.id}/billing-info`, { ...good, Country: 'XX' });
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({ errors: { Country: 'Choose a country from the list' } });
    const missing = await api.post(`/api/2/account/${s.user.id}/billing-info`, { firstName: 'A' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('errors.Country');
    const long = await api.post(`/api/2/account/${s.user.id}/billing-info`, { ...good, city: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
  });

  it("is its owner's and the admins' only", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const url = `/api/2/account/${owner.user.id}/billing-info`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await authed(t.app, other).get(url)).statusCode).toBe(404);
    expect((await authed(t.app, other).post(url, good)).statusCode).toBe(404);
    const admin = authed(t.app, await loginDemo(t.app, 'admin'));
    expect((await admin.get(url)).statusCode).toBe(200);
    expect((await admin.post(url, good)).statusCode).toBe(200);
    expect((await admin.get('/api/2/account/99999999/billing-info')).statusCode).toBe(404);
    expect((await admin.get('/api/2/account/abc/billing-info')).statusCode).toBe(400);
  });
});

import { csrfHeaders, expect, expectAccessible, signIn, signInWith, test } from './fixtures';
import { signUpCustomer } from './ordering-helpers';
import { putOrderInCart } from './purchase';

// What a new user trips over in the parts that exist: each test clicks through as a
// new user would and fails on the defect it names.

test.describe('names, not slugs', () => {
  test('an order saved without a name shows its type and languages in the cart', async ({ page, consoleErrors }) => {
    await signUpCustomer(page, 'Nameless Orderer');
    await putOrderInCart(page.request, '', 300);
    await page.goto('/shopping-cart');
    const orders = page.getByRole('list', { name: 'Orders' });
    await expect(orders.getByRole('heading', { name: 'Translation: American English to French' })).toBeVisible();
    await expect(orders).not.toContainText('american-english');
    await expect(orders.getByRole('button', { name: 'Remove Translation: American English to French' })).toBeVisible();
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('the auth mode switch', () => {
  test('one click on "Create an account" opens sign-up, with no message for the untouched e-mail', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/auth');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Please enter your email')).toHaveCount(0);
    await expectAccessible(page);

    // and back: the focused sign-up field does not swallow the click on "Sign in" either
    await page.getByLabel('Full name').focus();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expectAccessible(page);

    // leaving the e-mail field untouched says nothing; leaving it after typing still checks it
    await page.getByLabel('Email', { exact: true }).focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await expect(page.getByText('Please enter your email')).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).focus();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('the plans step', () => {
  test('each plan shows its own delivery, and plans that cannot apply are explained, not offered', async ({
    page,
    consoleErrors,
  }) => {
    await signUpCustomer(page, 'Plan Chooser');
    const created = await page.request.post('/api/2/po', {
      headers: await csrfHeaders(page.request),
      form: {
        source_language: 'american-english',
        'target_languages[]': 'french',
        expertise: 'general',
        materialsOption: 'count',
        wordCount: '300',
        step: 'plans',
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { pid } = ((await created.json()) as { results: { pid: string } }).results;
    await page.goto(`/wizard?pid=${pid}`);
    await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();

    const deliveryOf = async (slug: string) => {
      const text = page.getByTestId(`plan-${slug}`).getByText(/^Delivery by /);
      await expect(text).toBeVisible();
      return new Date(((await text.textContent()) ?? '').replace('Delivery by ', '')).getTime();
    };
    const translation = await deliveryOf('translation');
    const urgent = await deliveryOf('urgent-translation');
    const enterprise = await deliveryOf('enterprise-quality');
    expect(urgent).toBeLessThan(translation);
    expect(enterprise).toBeGreaterThan(translation);

    // a typed word count is no recording and no spreadsheet
    await expect(page.getByTestId('plan-transcription')).toHaveCount(0);
    await expect(page.getByTestId('plan-excel-translation')).toHaveCount(0);
    const unfit = page.getByRole('region', { name: 'Not for this order' });
    await expect(unfit.getByText('Transcription')).toBeVisible();
    await expect(unfit.getByText('Excel Translation')).toBeVisible();
    await expect(unfit).toContainText('Needs a spreadsheet (.xlsx)');
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('the empty-cart hint', () => {
  test('sits in the header, covers nothing, and any click elsewhere closes it for good', async ({
    page,
    consoleErrors,
  }) => {
    await signUpCustomer(page, 'Hint Reader');
    const hint = page.getByRole('note', { name: 'Cart hint' });
    await expect(hint).toContainText('Your cart is empty.');
    const banner = await page.getByRole('banner').boundingBox();
    const box = await hint.boundingBox();
    expect(banner && box && box.y >= banner.y && box.y + box.height <= banner.y + banner.height).toBe(true);
    await expectAccessible(page);

    await page.getByRole('main').click({ position: { x: 10, y: 10 } });
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Shopping cart, empty' })).toBeVisible();
    await expect(hint).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('signing in from a deep link', () => {
  test('a guest sent to /auth from /profile#billing comes back to #billing', async ({ page, newAccount }) => {
    const customer = await newAccount();
    await page.goto('/profile#billing');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('return')).toBe('/profile#billing');
    await signIn(page, customer.email, customer.password);
    await page.waitForURL((url) => url.pathname === '/profile' && url.hash === '#billing');
  });
});

test.describe("each role's pages", () => {
  test('a translator on /wizard is told ordering is for customers and led back to the dashboard', async ({
    page,
    consoleErrors,
    newAccount,
  }) => {
    await signInWith(page, await newAccount({ type: 'translator', pair: ['american-english', 'french'] }));
    const poCalls: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/2/po') poCalls.push(r.url());
    });
    await page.goto('/wizard');
    await expect(page.getByRole('heading', { name: 'Ordering is for customer accounts' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(poCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

import { expect, expectAccessible, test } from './fixtures';
import { signUpCustomer } from './ordering-helpers';
import { putOrderInCart } from './purchase';

// What a new user trips over in the parts that exist (issue 10): each test clicks through as a
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

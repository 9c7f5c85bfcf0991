import type { Page } from '@playwright/test';
import { expect, NEW_PASSWORD, test, uniqueEmail } from './fixtures';

// The instant price quote (spec 1 sections 2, 3 and 5): a guest prices a translation by word count
// and a purchase of credits; the number inputs take digits only; a German customer pays VAT on orders.

async function pickLanguage(page: Page, label: string, name: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test.describe('instant quote', () => {
  test('a guest prices a translation by word count', async ({ page, consoleErrors }) => {
    await page.goto('/quote');
    await expect(page.getByRole('heading', { name: 'Instant price quote' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'By word count' })).toHaveAttribute('aria-selected', 'true');

    // nothing chosen: every required field says so, and the error goes once the field changes
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await page.getByRole('textbox', { name: 'Word count' }).fill('1000');
    await expect(page.getByText('This field is required')).toHaveCount(2);

    await pickLanguage(page, 'Translate from', 'American English');
    await pickLanguage(page, 'Translate to', 'German');
    await pickLanguage(page, 'Translate to', 'Czech');
    await expect(page.getByText('This field is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Get a quote' }).click();

    const quote = page.getByRole('region', { name: 'Your quote' });
    await expect(quote).toBeVisible();
    // 1000 words: 8 credits a word to German, 9.6 to Czech (a less common pair)
    await expect(quote.getByText('American English → German')).toBeVisible();
    await expect(quote.getByText('American English → Czech')).toBeVisible();
    await expect(quote.getByText('$80.00')).toBeVisible();
    await expect(quote.getByText('$96.00')).toBeVisible();
    await expect(quote.getByTestId('quote-total')).toHaveText('$176.00');
    await expect(quote.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', '/wizard');
    expect(consoleErrors).toEqual([]);
  });

  test('the word count takes digits only', async ({ page }) => {
    await page.goto('/quote');
    const count = page.getByRole('textbox', { name: 'Word count' });
    await count.pressSequentially('12ab3.-4e');
    await expect(count).toHaveValue('1234');
    await count.fill('');
    await count.pressSequentially('x');
    await expect(count).toHaveValue('');
  });

  test('a guest prices a purchase of credits with the total and VAT', async ({ page }) => {
    await page.goto('/quote');
    await page.getByRole('tab', { name: 'Buy credits' }).click();
    await expect(page).toHaveURL(/tab=credits/);
    const amount = page.getByRole('textbox', { name: 'Credits to buy' });
    await expect(amount).toHaveValue('10000');
    await amount.pressSequentially('abc');
    await expect(amount).toHaveValue('10000');

    await amount.fill('');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await amount.fill('2500');
    await expect(page.getByText('This field is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Get a quote' }).click();

    const quote = page.getByRole('region', { name: 'Your quote' });
    await expect(quote.getByText('VAT', { exact: true })).toBeVisible();
    await expect(quote.getByTestId('quote-total')).toHaveText('$25.00');
    await expect(quote.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
      'href',
      '/payment/quote/?amount=2500',
    );
  });

  test('a customer billed in Germany pays 19% VAT on orders, not on credits', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Full name').fill('Greta Kunde');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('quote'));
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
    await page.getByLabel('Country').selectOption('DE');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/cpanel');

    // an order is taxed: 1000 words to German, $80.00 + 19% VAT
    await page.goto('/quote');
    await page.getByRole('textbox', { name: 'Word count' }).fill('1000');
    await pickLanguage(page, 'Translate from', 'American English');
    await pickLanguage(page, 'Translate to', 'German');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    const quote = page.getByRole('region', { name: 'Your quote' });
    await expect(quote.getByText('VAT (19%, DE)')).toBeVisible();
    await expect(quote.getByText('$15.20')).toBeVisible();
    await expect(quote.getByTestId('quote-total')).toHaveText('$95.20');

    // credits are not taxed when bought (VAT is charged when they pay for an order)
    await page.goto('/quote?tab=credits');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await expect(page.getByRole('region', { name: 'Your quote' }).getByTestId('quote-total')).toHaveText('$100.00');
  });
});

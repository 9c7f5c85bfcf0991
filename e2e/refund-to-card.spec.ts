import { csrfHeaders, expect, expectAccessible, expectSettled, signInWith, test } from './fixtures';
import { putOrderInCart } from './purchase';

// A cancelled project paid by card: the customer chooses where the refund goes, back to the card
// ("Refund to Visa ending 4242") or as credits. The card sandbox is the processor here; the refund's
// state lives in the database (card_refunds), as a real processor's would.

test('cancelling a card-paid project offers the refund to the card, and it goes there', async ({
  page,
  newAccount,
  shot,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // the credits are bought with the sandbox's approving card (4242)
  const customer = await newAccount({ credits: 5000 });
  await signInWith(page, customer);

  const pay = async (name: string) => {
    await putOrderInCart(page.request, name, 200);
    const { ck } = ((await (await page.request.get('/api/2/cart/all')).json()) as { results: { ck: string } }).results;
    const paid = await page.request.post('/ajax/cart/translateNow', {
      headers: { ...(await csrfHeaders(page.request)), 'idempotency-key': `refund-card-${name}` },
      multipart: { ck },
    });
    expect(paid.ok(), await paid.text()).toBeTruthy();
    return ((await paid.json()) as { projects: { id: number }[] }).projects[0].id;
  };
  const balance = async () =>
    ((await (await page.request.get('/api/2/cart/all')).json()) as { results: { balanceCredits: number } }).results
      .balanceCredits;

  const first = await pay(`Leaflet ${Date.now().toString(36)}`);
  const afterPaying = await balance();

  await page.goto(`/project/${first}`);
  await page.getByRole('button', { name: 'Cancel project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this project?' });
  const toCard = dialog.getByRole('radio', { name: 'Refund to Visa ending 4242' });
  await expect(toCard).toBeVisible();
  const asCredits = dialog.getByRole('radio', { name: 'Refund as credits' });
  // credits stay the default: the card is a choice the customer makes
  await expect(asCredits).toBeChecked();
  await expect(dialog.getByRole('radiogroup')).toHaveAccessibleName(/Where should the refund of [\d,]+ credits go\?/);
  await toCard.check();
  await expectSettled(page);
  await expectAccessible(page, '[role="dialog"]');
  await shot('refund-to-card-choice');

  await dialog.getByRole('button', { name: 'Cancel project' }).click();
  await expect(page.getByText('The project was cancelled. Its price goes back to your card.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // the refund went to the card: the balance is what it was after paying
  expect(await balance()).toBe(afterPaying);

  // a second project, refunded as credits: the balance grows by its price
  const second = await pay(`Poster ${Date.now().toString(36)}`);
  const beforeCancel = await balance();
  await page.goto(`/project/${second}`);
  await page.getByRole('button', { name: 'Cancel project' }).click();
  const again = page.getByRole('dialog', { name: 'Cancel this project?' });
  await expect(again.getByRole('radio', { name: 'Refund as credits' })).toBeChecked();
  await again.getByRole('button', { name: 'Cancel project' }).click();
  await expect(page.getByText('The project was cancelled and its credits returned to your balance.')).toBeVisible();
  expect(await balance()).toBeGreaterThan(beforeCancel);
  expect(consoleErrors).toEqual([]);
});

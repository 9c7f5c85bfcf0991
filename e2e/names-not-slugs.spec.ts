import { csrfHeaders, expect, expectAccessible, test, signInWith } from './fixtures';

// A slug ('american-english', 'general') is an id, not a word for a person. The cart line once read
// "general american-english → spanish": the names are looked up in the language list, and the line
// rendered before that list had arrived. Here the list is held back on purpose, and the page must
// never show the slugs, neither while it waits nor after.

test('the cart names languages even when the language list arrives late', async ({ page, newAccount }) => {
  const account = await newAccount();
  await signInWith(page, account);
  const headers = await csrfHeaders(account.api);
  const created = await account.api.post('/api/2/po', {
    headers,
    form: {
      name: 'Late names',
      source_language: 'american-english',
      'target_languages[]': 'spanish',
      expertise: 'it-software',
      materialsOption: 'count',
      wordCount: '500',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { pid } = ((await created.json()) as { results: { pid: string } }).results;
  const finalized = await account.api.post('/api/2/wizard/finalize', { headers, form: { pid } });
  expect(finalized.ok(), await finalized.text()).toBeTruthy();

  // every text the page ever shows is watched, from its first paint
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenSlugs: string[] }).seenSlugs = seen;
    new MutationObserver(() => {
      // biome-ignore lint/performance/useDomNodeTextContent: what a person sees, not hidden text
      const text = document.body?.innerText ?? '';
      for (const slug of ['american-english', 'spanish', 'it-software']) {
        if (text.includes(slug) && !seen.includes(slug)) seen.push(slug);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // both lists the names come from are held back
  await page.route(/\/registry\/get\?data=(Language|Expertise)$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });

  await page.goto('/shopping-cart');
  const line = page.getByRole('listitem').filter({ hasText: 'Late names' });
  await expect(line).toBeVisible();
  await expect(line).toContainText('American English → Spanish');
  await expect(line).toContainText('IT & Software');
  expect(await page.evaluate(() => (window as unknown as { seenSlugs: string[] }).seenSlugs)).toEqual([]);
  await expectAccessible(page);
});

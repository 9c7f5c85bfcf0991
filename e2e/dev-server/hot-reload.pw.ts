import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// `npm run dev` hot-reloads an edited component in place: the page shows the edit, and a value
// set on the window before the edit is still there (no reload). The file is put back as it was,
// with its modification time, so that nothing takes it for a change afterwards.
const FILE = join(import.meta.dirname, '../../apps/web/src/shell/TermsPage.tsx');
const TITLE = 'Terms of service';
const EDITED = 'Terms of service (edited in the dev server test)';

test('an edited component updates in place, without a reload', async ({ page }) => {
  const original = readFileSync(FILE, 'utf8');
  const { atime, mtime } = statSync(FILE);
  expect(original).toContain(`title="${TITLE}"`);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  // the API answers through the dev proxy (the page asked who is signed in: a guest)
  expect((await page.request.get('/api/2/health')).ok()).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { beforeEdit: string }).beforeEdit = 'still here';
  });
  try {
    writeFileSync(FILE, original.replace(`title="${TITLE}"`, `title="${EDITED}"`));
    await expect(page.getByRole('heading', { level: 1, name: EDITED })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { beforeEdit?: string }).beforeEdit)).toBe('still here');
  } finally {
    writeFileSync(FILE, original);
    utimesSync(FILE, atime, mtime);
  }
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
});

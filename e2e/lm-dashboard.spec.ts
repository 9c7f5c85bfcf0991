import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signIn, signInAs, test } from './fixtures';

// The language manager's journey (spec 3 sections 2 to 9): the tiles with real figures, filtering by a
// language pair, the Waiting tile's table sorted by word count and paged, a project opened in a new
// tab; and the not-found page for a customer.

const LM = { email: 'lm@parlance.test', password: DEMO_PASSWORD };

async function pickLanguage(page: Page, label: string, name: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** A tile that opens no list: its heading and figure. */
function tileFrame(page: Page, title: string) {
  return page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/** The table's scroll region is as wide as its content: no column is cut off. */
async function expectNoSidewaysScroll(page: Page, tableName: string) {
  const overflow = await page.getByRole('table', { name: tableName }).evaluate((table) => {
    const region = table.parentElement as HTMLElement;
    return region.scrollWidth - region.clientWidth;
  });
  expect(overflow, `${tableName} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

function tile(page: Page, title: string) {
  return page.getByRole('link', { name: new RegExp(`^${title.replace(/[()>]/g, '.')}`) });
}

test.describe('language-manager dashboard', () => {
  test('a language manager filters by a pair, opens Waiting, sorts, pages and opens a project', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, LM.email, LM.password);
    const availableAnswer = page.waitForResponse((r) =>
      r.url().includes('/api/2/dashboard/users/available-translators'),
    );
    await page.goto('/lm_dashboard');
    await expect(page.getByRole('heading', { name: 'Language-manager dashboard', level: 1 })).toBeVisible();
    const waiting = tile(page, 'Waiting projects (> 8 hours)');
    await expect(waiting).toContainText(/MyTeam: \d+ · Editing: \d+/);
    const allWaiting = Number(
      ((await waiting.locator('p').first().textContent()) ?? '').match(/[\d,]+/)?.[0].replace(',', ''),
    );
    expect(allWaiting).toBeGreaterThan(30);
    // the people and LL tiles say what the database holds (no help desk is connected: no tickets tile)
    const figures = (await (await availableAnswer).json()).results;
    await expect(page.getByText(`out of ${figures.allTranslators} translators,`)).toBeVisible();
    await expect(
      page.getByText(`${figures.topReviewers} top reviewers, ${figures.onVacation} on vacation`),
    ).toBeVisible();
    expect(figures.allTranslators).toBeGreaterThan(figures.translators);
    await expect(tileFrame(page, 'Projects waiting for LL')).toContainText(String(figures.llWaiting));
    await expect(tileFrame(page, 'Statistic of LLs done')).toContainText(`${figures.llDone}in the chosen dates`);
    await expect(page.getByText('Tickets in HF')).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Capacity per language pair' })).toContainText('At risk');
    await expectNoSidewaysScroll(page, 'Capacity per language pair');
    await expectAccessible(page);

    await pickLanguage(page, 'Source languages', 'American English');
    await pickLanguage(page, 'Target languages', 'Italian');
    await expect(page).toHaveURL(/tgt=\d+/);
    await expect(async () => {
      const filtered = Number(((await waiting.locator('p').first().textContent()) ?? '').match(/\d+/)?.[0]);
      expect(filtered).toBeGreaterThan(30);
      expect(filtered).toBeLessThan(allWaiting);
    }).toPass();

    await waiting.click();
    await expect(page).toHaveURL(/\/lm_dashboard\/waiting\/projects\?.*tgt=/);
    await expect(page.getByRole('heading', { name: 'Waiting projects (> 8 hours)', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Date: Last 6 months' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Waiting projects (> 8 hours)' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(30);
    // every column, "Allocated translators" the last, fits a laptop's 1280 px without scrolling
    await expectNoSidewaysScroll(page, 'Waiting projects (> 8 hours)');
    // every row is the chosen pair
    for (const text of await rows.locator('td:nth-child(3)').allInnerTexts()) expect(text).toContain('Italian');

    await table.getByRole('button', { name: 'Word Count' }).click();
    await expect(page).toHaveURL(/sort=word_count&order=asc/);
    const counts = async () =>
      (await rows.locator('td:nth-child(4)').allInnerTexts()).map((t) => Number(t.replace(/,/g, '')));
    await expect(async () => {
      const first = await counts();
      expect(first).toEqual([...first].sort((a, b) => a - b));
    }).toPass();
    const lastOnPage1 = (await counts()).at(-1) ?? 0;
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(async () => {
      const second = await counts();
      expect(second.length).toBeGreaterThan(0);
      expect(second[0]).toBeGreaterThanOrEqual(lastOnPage1);
    }).toPass();

    const idLink = rows.first().getByRole('link');
    const id = await idLink.textContent();
    const [tab] = await Promise.all([context.waitForEvent('page'), idLink.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/project/${id}`);
    await tab.close();

    // the date filter: This Week keeps only this week's projects; RESET returns to Last 6 months
    await page.getByRole('button', { name: 'Date: Last 6 months' }).click();
    await page.getByRole('menuitem', { name: 'All time' }).click();
    await expect(page.getByRole('button', { name: 'Date: All time' })).toBeVisible();
    await page.getByRole('button', { name: 'Date: All time' }).click();
    await page.getByRole('button', { name: 'RESET' }).click();
    await expect(page.getByRole('button', { name: 'Date: Last 6 months' })).toBeVisible();
  });

  test('a customer gets the not-found page', async ({ page }) => {
    await signInAs(page, 'customer', false);
    await page.goto('/lm_dashboard');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/lm_dashboard/waiting/projects');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

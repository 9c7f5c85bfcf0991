import type { Page } from '@playwright/test';
import { expect, expectAccessible, NEW_PASSWORD, signInAs, signOut, test, uniqueEmail, shotPage } from './fixtures';

// Telegram notifications (profile #telegram) through the sandbox bot, the translator guidelines,
// social networks, and the public profile at /profile/show (-> /profile-legacy/show/).

async function signUpTranslator(page: Page, name: string) {
  await page.goto('/auth?mode=signup');
  await page.getByRole('radio', { name: 'Translator' }).check();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('tg'));
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat password').fill(NEW_PASSWORD);
  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/profile\/\?flow=1#languages$/);
}

test('a new translator subscribes to Telegram notifications through the sandbox and turns them off again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpTranslator(page, 'Greta Telegram');
  await page.goto('/profile#telegram');
  await expect(page.getByRole('heading', { name: 'Telegram Notifications', level: 2 })).toBeVisible();
  await expect(page.getByText('No Telegram bot is configured on this server (sandbox)')).toBeVisible();
  const open = page.getByRole('link', { name: 'Open @ParlanceSandboxBot' });
  await expect(open).toHaveAttribute('href', /^https:\/\/t\.me\/ParlanceSandboxBot\?start=[\w-]+$/);
  await expectAccessible(page);
  await shotPage(page, 'profile-telegram-start');

  // texting the link needs a verified phone: the server says so
  await page.getByRole('button', { name: 'Text me the link' }).click();
  await expect(page.getByRole('alert')).toContainText('Verify your phone number first');

  await page.getByRole('button', { name: 'Simulate Start' }).click();
  await expect(page.getByText('Telegram notifications are on', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off Telegram notifications' })).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'profile-telegram-on');

  // a reload reads the subscription from the server
  await page.reload();
  await expect(page.getByRole('button', { name: 'Turn off Telegram notifications' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn off Telegram notifications' }).click();
  await expect(page.getByText('Your Telegram chat is still linked.')).toBeVisible();
  await page.getByRole('button', { name: 'Turn on Telegram notifications' }).click();
  await expect(page.getByRole('button', { name: 'Turn off Telegram notifications' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('button', { name: 'Turn off Telegram notifications' })).toBeVisible();
  await shotPage(page, 'profile-telegram');
  await page.setViewportSize({ width: 1280, height: 800 });

  // the guidelines section, and social networks with a wrong link refused
  await page.goto('/profile#translator_guidelines');
  await expect(page.getByRole('heading', { name: 'Translator Guidelines', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Confidentiality', level: 3 })).toBeVisible();
  await expectAccessible(page);
  await shotPage(page, 'profile-guidelines');

  await page.goto('/profile#account');
  await page.getByRole('button', { name: 'Save networks' }).waitFor();
  await page.getByLabel('LinkedIn').fill('https://example.com/in/greta');
  await page.getByRole('button', { name: 'Save networks' }).click();
  await expect(page.getByText('Enter a LinkedIn link (linkedin.com)')).toBeVisible();
  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/greta-telegram');
  await page.getByRole('button', { name: 'Save networks' }).click();
  await expect(page.getByText('Social networks saved')).toBeVisible();
  await page.getByRole('heading', { name: 'Social networks', level: 2 }).scrollIntoViewIfNeeded();
  await shotPage(page, 'profile-networks');

  // a transcription language on the languages tab
  await page.goto('/profile#languages');
  await page.getByRole('button', { name: 'Add language' }).click();
  await expect(page.getByText('Choose the transcription language')).toBeVisible();
  await page.getByRole('combobox', { name: 'Transcription language' }).selectOption({ label: 'Italian' });
  await page.getByRole('button', { name: 'Add language' }).click();
  await expect(page.getByRole('button', { name: 'Italian (press Delete to remove)' })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('heading', { name: 'Transcription', level: 2 }).scrollIntoViewIfNeeded();
  await shotPage(page, 'profile-transcription');
  await page.setViewportSize({ width: 1280, height: 800 });

  // and the public profile shows it
  await page.getByRole('link', { name: 'View public profile' }).click();
  await expect(page).toHaveURL(/\/profile-legacy\/show\/$/);
  await expect(page.getByRole('heading', { name: 'Your public profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://www.linkedin.com/in/greta-telegram' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Transcription' })).toContainText('Italian');
});

test('/profile/show: the demo translator sees their public profile, and a customer of theirs sees it too', async ({
  page,
}) => {
  await signInAs(page, 'translator', false);
  await page.goto('/profile/show');
  await expect(page).toHaveURL(/\/profile-legacy\/show\/$/);
  await expect(page.getByRole('heading', { name: 'Your public profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About' })).toContainText('French native translator');
  await expect(page.getByRole('region', { name: 'Social networks' })).toContainText('linkedin.com');
  await expect(page.getByRole('region', { name: 'Transcription' })).toContainText('French');
  await expectAccessible(page);
  await shotPage(page, 'profile-show');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shotPage(page, 'profile-show');
  await page.setViewportSize({ width: 1280, height: 800 });
  const me = await page.request.get('/api/2/account/public-profile');
  const translatorId = ((await me.json()) as { results: { id: number } }).results.id;
  await signOut(page);

  // the demo customer has the demo translator in My Team
  await signInAs(page, 'customer', false);
  await page.goto(`/profile-legacy/show/${translatorId}`);
  await expect(page.getByRole('heading', { name: 'Tomas Translator', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  // someone nobody shared: not found, said plainly
  await page.goto('/profile-legacy/show/999999');
  await expect(page.getByRole('alert')).toHaveText('This profile does not exist or is not shared with you.');
  await expectAccessible(page);
});

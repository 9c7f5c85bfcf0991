import { seedDashboardDemo } from './demo-dashboard';
import { seedModerationDemo } from './demo-moderation';
import { seedPayoutsDemo } from './demo-payouts';
import { seedBackofficeDemo } from './demo-backoffice';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { aclGroups, userAclGroups, users } from '../schema';
import { type PasswordHashing, hashPassword } from '../../platform/passwords';
import type { Storage } from '../../platform/storage';
import { seedLatestOrderDemo, seedOrderingDemo } from './demo-ordering';
import { seedProfileDemo } from './demo-profile';
import { seedLanguageAssetsDemo } from './demo-language-assets';
import { seedMessagesDemo } from './demo-messages';
import { seedChatDemo } from './demo-chat';

import { seedLmDashboardDemo } from './demo-lm-dashboard';
import { seedProjectsDemo } from './demo-projects';
import { seedWebhookDemo } from './demo-webhooks';
import { seedPartnerDemo } from './demo-partner';

export const DEMO_PASSWORD = 'Parlance-demo1!';

export const DEMO_ACCOUNTS = [
  {
    email: 'customer@parlance.test',
    name: 'Casey Customer',
    type: 'customer',
    company: 'Acme Localization',
    acl: 'role.customer',
  },
  {
    email: 'translator@parlance.test',
    name: 'Tomas Translator',
    type: 'translator',
    company: '',
    acl: 'role.translator',
  },
  { email: 'admin@parlance.test', name: 'Ada Admin', type: 'admin', company: 'Parlance', acl: 'role.admin' },
] as const;

/** One staff account per role; admin@ stays a super-admin. */
export const DEMO_STAFF = [
  { email: 'finance@parlance.test', name: 'Fiona Finance', acl: 'role.finance' },
  { email: 'support@parlance.test', name: 'Sam Support', acl: 'role.support' },
  { email: 'moderator@parlance.test', name: 'Mo Moderator', acl: 'role.moderation' },
] as const;

/** True when the database has no users yet: demo data goes only into a new database. */
export async function isNewDatabase(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n === 0;
}

export interface DemoOptions {
  /**
   * Where the demo projects' delivered files go. Given (as `npm start` does), the demo projects of
   * every status are seeded too; API tests that count the demo customer's projects leave it out.
   */
  storage?: Storage;
  publicUrl?: string;
  /** argon2 parameters of the demo password's hash (config.passwordHashing; OWASP's by default) */
  passwordHashing?: PasswordHashing;
}

/** The demo accounts, with the password from README.md. Other areas add their demo content here. */
export async function seedDemoData(db: Db, options: DemoOptions = {}): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, options.passwordHashing ?? 'owasp');
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          name: account.name,
          type: account.type,
          isAdmin: account.type === 'admin',
          company: account.company,
          passwordHash,
          country: 'US',
          termsAcceptedAt: new Date(),
          policyAcceptedAt: new Date(),
        })
        .returning();
      const [group] = await tx.select().from(aclGroups).where(eq(aclGroups.name, account.acl));
      if (group) await tx.insert(userAclGroups).values({ userId: user.id, groupId: group.id });
    }
    for (const staff of DEMO_STAFF) {
      const [user] = await tx
        .insert(users)
        .values({
          email: staff.email,
          name: staff.name,
          type: 'admin',
          isAdmin: false,
          company: 'Parlance',
          passwordHash,
          country: 'US',
          termsAcceptedAt: new Date(),
          policyAcceptedAt: new Date(),
        })
        .returning();
      const [group] = await tx.select().from(aclGroups).where(eq(aclGroups.name, staff.acl));
      if (group) await tx.insert(userAclGroups).values({ userId: user.id, groupId: group.id });
    }
  });
  await seedBackofficeDemo(db, {
    customerEmail: DEMO_ACCOUNTS[0].email,
    financeEmail: DEMO_STAFF[0].email,
    accountManagerEmail: DEMO_STAFF[1].email,
  });
  await seedOrderingDemo(db, DEMO_ACCOUNTS[0].email);
  await seedProfileDemo(db, {
    customerEmail: DEMO_ACCOUNTS[0].email,
    translatorEmail: DEMO_ACCOUNTS[1].email,
    storage: options.storage,
  });
  await seedLanguageAssetsDemo(db, { customerEmail: DEMO_ACCOUNTS[0].email, translatorEmail: DEMO_ACCOUNTS[1].email });
  if (options.storage) {
    await seedProjectsDemo(db, {
      storage: options.storage,
      customerEmail: DEMO_ACCOUNTS[0].email,
      translatorEmail: DEMO_ACCOUNTS[1].email,
      adminEmail: DEMO_ACCOUNTS[2].email,
      publicUrl: options.publicUrl,
    });
    await seedDashboardDemo(db, { translatorEmail: DEMO_ACCOUNTS[1].email, adminEmail: DEMO_ACCOUNTS[2].email });
    await seedPayoutsDemo(db, DEMO_ACCOUNTS[1].email);
    await seedMessagesDemo(db, [DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[1].email]);
    await seedWebhookDemo(db, DEMO_ACCOUNTS[0].email);

    await seedLmDashboardDemo(db, passwordHash);
    await seedModerationDemo(db, { passwordHash, translatorEmail: DEMO_ACCOUNTS[1].email });
    await seedChatDemo(db, {
      customerEmail: DEMO_ACCOUNTS[0].email,
      translatorEmail: DEMO_ACCOUNTS[1].email,
      adminEmail: DEMO_ACCOUNTS[2].email,
      storage: options.storage,
    });
  }
  // the recent payments come last, in the story's order, so the invoice numbers follow its dates
  await seedPartnerDemo(db, {
    customerEmail: DEMO_ACCOUNTS[0].email,
    translatorEmail: DEMO_ACCOUNTS[1].email,
    adminEmail: DEMO_ACCOUNTS[2].email,
    passwordHash,
  });
  await seedLatestOrderDemo(db, DEMO_ACCOUNTS[0].email);
}

import { z } from './zod';
import { ACCOUNT_MANAGER_TEXTS } from './account-managers';
import { MAX_DB_INT } from './validation';

// The zod schemas of account-managers.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

// Back-office calls kept out of staff.ts, which the web app's entry chunk reads: account-manager
// assignment and the admin's chat-user look-up.

/** GET /api/2/admin/chat/getUsers?query: customers whose chats an admin may open. */
export const chatUsersQuerySchema = z.object({
  query: z
    .string({ error: 'Type a name, e-mail or user ID' })
    .trim()
    .min(1, 'Type a name, e-mail or user ID')
    .max(200, 'At most 200 characters'),
});
export const chatAdminUserSchema = z.object({
  id: z.number(),
  externalId: z.string(),
  name: z.string(),
  email: z.string(),
  type: z.enum(['Customer', 'Translator', 'Admin']),
  pictureUrl: z.string().nullable(),
});
export type ChatAdminUser = z.infer<typeof chatAdminUserSchema>;

/** POST /api/2/admin/users/{id}/account-manager: managerId of a staff member, or null to unassign. */
export const accountManagerAssignSchema = z.object({
  managerId: z.union([
    z.null(),
    z.literal('').transform(() => null),
    z.coerce
      .number({ error: ACCOUNT_MANAGER_TEXTS.notStaff })
      .int(ACCOUNT_MANAGER_TEXTS.notStaff)
      .min(1, ACCOUNT_MANAGER_TEXTS.notStaff)
      .max(MAX_DB_INT, ACCOUNT_MANAGER_TEXTS.notStaff),
  ]),
});
export type AccountManagerAssign = z.input<typeof accountManagerAssignSchema>;

export const staffRefSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
/** GET /api/2/admin/users/{id}/account-manager: the customer's manager and the staff to choose from. */
export const accountManagerStateSchema = z.object({
  accountManager: staffRefSchema.nullable(),
  candidates: z.array(staffRefSchema),
});
export type AccountManagerState = z.infer<typeof accountManagerStateSchema>;

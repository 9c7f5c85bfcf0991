import { z } from './zod';
import { PERMISSIONS } from './staff';

// The zod schemas of staff.ts, apart from its constants and texts so that a page reading only
// those does not load zod.

/** POST /api/2/account/acl-list/members: add (or remove) a staff account to a group. */
export const aclMemberChangeSchema = z.object({
  group: z.string().trim().min(1, 'Choose a group').max(100),
  user: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, 'Give a user ID or e-mail').max(320)),
});

export const aclMemberSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), isAdmin: z.boolean() });
export const aclGroupWithMembersSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  members: z.array(aclMemberSchema),
});
export type AclGroupWithMembers = z.infer<typeof aclGroupWithMembersSchema>;

/** A row of GET /api/2/admin/account-managers/{id}/customers */
export const accountManagerCustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  country: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountManagerCustomer = z.infer<typeof accountManagerCustomerSchema>;

import type { AdminUserDescription, AdminUserPreview, AuditEntryData } from '@parlance/shared';
import type { auditLog } from '../../db/schema';
import type { UserRow } from '../../platform/session';

// Allowlist serializers of the admin answers: never a row as it is (no password hash, no TOTP secret).

export function presentUserPreview(user: Pick<UserRow, 'id' | 'name' | 'email'>): AdminUserPreview {
  return { ID: user.id, UserName: user.name, eMail: user.email };
}

export function presentUserDescription(user: UserRow, aclGroups: string[]): AdminUserDescription {
  return {
    ...presentUserPreview(user),
    type: user.type,
    isAdmin: user.isAdmin,
    country: user.country,
    currency: user.currency,
    company: user.company,
    phone: user.phone,
    createdAt: user.createdAt.toISOString(),
    hasPassword: user.passwordHash != null,
    twoFactorEnabled: user.totpEnabled,
    aclGroups,
  };
}

export function presentAuditEntry(
  row: typeof auditLog.$inferSelect,
  actor: { name: string; email: string } | null,
): AuditEntryData {
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: actor?.name ?? null,
    actorEmail: actor?.email ?? null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    details: row.details,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

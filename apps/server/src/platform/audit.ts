import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
  ip?: string;
}

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? undefined : String(entry.targetId),
    details: entry.details ?? {},
    ip: entry.ip,
  });
}

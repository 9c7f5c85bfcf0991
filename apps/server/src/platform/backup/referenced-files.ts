import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  chatAttachments,
  glossaryFiles,
  profileUploads,
  projectResources,
  purchaseOrderFiles,
  voiceSamples,
} from '../../db/schema';

// Every stored file the database refers to, with its size (and SHA-256 where a row keeps one). A
// table that gains a column naming a stored file belongs here too, or backups of an object store
// would leave its files out of the manifest.

export interface ReferencedFile {
  id: string;
  size: number;
  sha256: string | null;
}

export async function referencedFiles(db: Db): Promise<ReferencedFile[]> {
  const result = await db.execute<{ id: string; size: string | number; sha256: string | null }>(sql`
    SELECT id, max(size) AS size, max(sha256) AS sha256 FROM (
      SELECT ${purchaseOrderFiles.storageId} AS id, ${purchaseOrderFiles.sizeBytes} AS size, ${purchaseOrderFiles.sha256} AS sha256 FROM ${purchaseOrderFiles}
      UNION ALL SELECT ${projectResources.storageId}, ${projectResources.sizeBytes}, NULL FROM ${projectResources}
      UNION ALL SELECT ${profileUploads.storageId}, ${profileUploads.sizeBytes}, NULL FROM ${profileUploads}
      UNION ALL SELECT ${voiceSamples.storageId}, ${voiceSamples.sizeBytes}, NULL FROM ${voiceSamples}
      UNION ALL SELECT ${glossaryFiles.storageId}, ${glossaryFiles.sizeBytes}, NULL FROM ${glossaryFiles}
      UNION ALL SELECT ${chatAttachments.fileId}, ${chatAttachments.size}, NULL FROM ${chatAttachments}
    ) AS refs
    GROUP BY id
    ORDER BY id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
    size: string | number;
    sha256: string | null;
  }[];
  // a test's placeholder digest, or one that was never computed, is no digest
  return rows.map((r) => ({
    id: r.id,
    size: Number(r.size),
    sha256: r.sha256 && /^[0-9a-f]{64}$/.test(r.sha256) ? r.sha256 : null,
  }));
}

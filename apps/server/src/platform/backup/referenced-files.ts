import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  chatAttachments,
  glossaryFiles,
  profileUploads,
  projectResources,
  purchaseOrderFiles,
  voiceSamples,
} from '../../db/schema';

// Every stored file the database refers to, with its size (and SHA-256 where a row keeps one). A
// table that gains a column naming a stored file belongs here too, or a backup would neither list
// its files for an object store nor notice them missing from the disk. The query is plain text so
// that it runs on any connection: on PostgreSQL, on the one that holds the dump's snapshot.

export interface ReferencedFile {
  id: string;
  size: number;
  sha256: string | null;
}

const SOURCES: { table: PgTable; id: PgColumn; size: PgColumn; sha256?: PgColumn }[] = [
  {
    table: purchaseOrderFiles,
    id: purchaseOrderFiles.storageId,
    size: purchaseOrderFiles.sizeBytes,
    sha256: purchaseOrderFiles.sha256,
  },
  { table: projectResources, id: projectResources.storageId, size: projectResources.sizeBytes },
  { table: profileUploads, id: profileUploads.storageId, size: profileUploads.sizeBytes },
  { table: voiceSamples, id: voiceSamples.storageId, size: voiceSamples.sizeBytes },
  { table: glossaryFiles, id: glossaryFiles.storageId, size: glossaryFiles.sizeBytes },
  { table: chatAttachments, id: chatAttachments.fileId, size: chatAttachments.size },
];

export const REFERENCED_FILES_SQL = `SELECT id, max(size) AS size, max(sha256) AS sha256 FROM (
${SOURCES.map(
  (s) =>
    `  SELECT "${s.id.name}" AS id, "${s.size.name}" AS size, ${s.sha256 ? `"${s.sha256.name}"` : 'NULL'} AS sha256 FROM "${getTableName(s.table)}"`,
).join('\n  UNION ALL\n')}
) AS refs GROUP BY id ORDER BY id`;

type Row = { id: string; size: string | number; sha256: string | null };

/** Runs the query through `query` (answering its rows). */
export async function referencedFiles(query: (text: string) => Promise<unknown[]>): Promise<ReferencedFile[]> {
  const rows = (await query(REFERENCED_FILES_SQL)) as Row[];
  // a test's placeholder digest, or one that was never computed, is no digest
  return rows.map((r) => ({
    id: r.id,
    size: Number(r.size),
    sha256: r.sha256 && /^[0-9a-f]{64}$/.test(r.sha256) ? r.sha256 : null,
  }));
}

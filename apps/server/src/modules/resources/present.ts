import type { ProjectFile } from '@parlance/shared';
import type { projectResources } from '../../db/schema';
import type { ResolvedResource } from './access';

// Allowlist serializers of files: never the storage id.

export function presentProjectFile(row: typeof projectResources.$inferSelect): ProjectFile {
  return {
    id: `r${row.id}`,
    uuid: row.uuid,
    name: row.fileName,
    mime: row.mime,
    size: row.sizeBytes,
    context: row.context,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentResolved(resource: ResolvedResource): ProjectFile {
  return {
    id: resource.id,
    uuid: resource.uuid,
    name: resource.fileName,
    mime: resource.mime,
    size: resource.size,
    context: resource.context,
    createdAt: resource.createdAt.toISOString(),
  };
}

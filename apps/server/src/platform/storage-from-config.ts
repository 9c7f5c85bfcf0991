import type { Config } from '../config';
import { localDiskStorage, type Storage } from './storage';

/**
 * The configured file store: a bucket when S3_BUCKET is set, else DATA_DIR/files on the local disk.
 * The AWS SDK is loaded only for a bucket: a server on the local disk never pays its import.
 */
export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  if (!config.s3) return localDiskStorage(config.dataDir);
  const { S3Storage } = await import('./storage-s3');
  return new S3Storage(config.s3);
}

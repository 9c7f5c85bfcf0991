// `npm run storage:migrate`: copies every file of the local store (DATA_DIR/files, or --from <dir>)
// into the bucket named by S3_BUCKET and the other S3_* settings, keeping each file's id, and checks
// each copy by its SHA-256. Safe to run again: files already in the bucket with the same hash are
// skipped. Exit code 0: every file is in the bucket; 1: some copies differ (listed); 2: could not run.
// Run it with the server stopped (or before switching it to the bucket), so no file arrives meanwhile.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BASE, scriptConfigOrNull } from './script-cli';
import { migrateToBucket } from '../src/platform/storage-migrate';
import { S3Storage } from '../src/platform/storage-s3';

function fromArgument(): string | null {
  const at = process.argv.indexOf('--from');
  return at === -1 ? null : (process.argv[at + 1] ?? '');
}

async function main(): Promise<number> {
  const config = scriptConfigOrNull();
  if (!config) return 2;
  if (!config.s3) {
    console.error(
      'Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a store other than AWS).',
    );
    return 2;
  }
  const from = fromArgument();
  if (from === '') {
    console.error('--from needs a folder: the files folder of a local store');
    return 2;
  }
  const root = from ? resolve(BASE, from) : join(config.dataDir, 'files');
  if (!existsSync(root)) {
    console.error(`No local files under ${root} (set DATA_DIR, or name the folder with --from).`);
    return 2;
  }
  const bucket = new S3Storage(config.s3);
  try {
    await bucket.probe();
  } catch (err) {
    console.error(`The bucket ${config.s3.bucket} does not answer: ${(err as Error).message || (err as Error).name}`);
    return 2;
  }
  console.log(
    `Copying ${root} into bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}.`,
  );
  const report = await migrateToBucket(root, bucket, (line) => console.log(`  ${line}`));
  console.log(
    `${report.files} files: ${report.copied} copied, ${report.alreadyThere} already in the bucket, ${report.mismatched.length} differ.`,
  );
  if (report.ignored.length > 0) {
    console.log(`${report.ignored.length} other files ignored (partial uploads, strays), e.g. ${report.ignored[0]}`);
  }
  for (const id of report.mismatched) {
    console.log(`  ${id}: the copy in the bucket has other bytes than ${join(root, id.slice(0, 2), id)}`);
  }
  return report.mismatched.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);

// Fetches Scalar's standalone API-reference renderer into apps/server/vendor/scalar/, brotli-packed.
// The server serves that one browser file for /api-docs/reference; installing @scalar/api-reference
// for it would pull 150 MB of packages that all ask for Node 22 (an engine warning on every
// install on the Node 20 the README names). `npm pack` downloads the published tarball without
// installing it, so the file is exactly what the registry holds for the version below.
//   node scripts/vendor-scalar.mjs [version]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const version = process.argv[2] ?? '1.72.1';
const out = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/vendor/scalar');
const work = mkdtempSync(join(tmpdir(), 'scalar-'));
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', `@scalar/api-reference@${version}`, '--json', '--pack-destination', work], {
      encoding: 'utf8',
    }),
  );
  execFileSync('tar', ['-xzf', join(work, packed.filename), '-C', work]);
  const bundle = readFileSync(join(work, 'package/dist/browser/standalone.js'));
  const pkg = JSON.parse(readFileSync(join(work, 'package/package.json'), 'utf8'));
  mkdirSync(out, { recursive: true });
  writeFileSync(
    join(out, 'standalone.js.br'),
    brotliCompressSync(bundle, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bundle.length },
    }),
  );
  writeFileSync(
    join(out, 'VERSION.json'),
    `${JSON.stringify(
      {
        package: pkg.name,
        version: pkg.version,
        license: pkg.license,
        file: 'dist/browser/standalone.js',
        sha256: createHash('sha256').update(bundle).digest('hex'),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`vendored ${pkg.name}@${pkg.version} (${bundle.length} bytes) into ${out}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

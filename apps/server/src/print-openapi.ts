// Writes the OpenAPI documents the server serves to files (npm run lint:openapi): the web app's
// (/api/2/docs/openapi.json) to the first path, the customer API's (/api/v1/openapi.json) to the
// second when one is given.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { webAppDocument } from './platform/openapi';

const out = process.argv[2] ?? 'openapi.json';
const apiOut = process.argv[3];
const database = await openDatabase({ dataDir: null });
await runMigrations(database);
const app = await buildApp({ config: testConfig(), database });
await app.ready();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(webAppDocument(app.swagger() as unknown as Record<string, unknown>), null, 2));
if (apiOut) {
  const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  mkdirSync(dirname(apiOut), { recursive: true });
  writeFileSync(apiOut, JSON.stringify(answer.json(), null, 2));
}
await app.close();
await database.close();

// Writes the OpenAPI document the server serves at /api/2/docs/openapi.json to a file (npm run lint:openapi).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { webAppDocument } from './platform/openapi';

const out = process.argv[2] ?? 'openapi.json';
const database = await openDatabase({ dataDir: null });
await runMigrations(database);
const app = await buildApp({ config: testConfig(), database });
await app.ready();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(webAppDocument(app.swagger() as unknown as Record<string, unknown>), null, 2));
await app.close();
await database.close();

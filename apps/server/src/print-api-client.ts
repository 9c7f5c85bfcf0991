// Generates the customer API's typed client (modules/public-api/client/schema.d.ts) from the OpenAPI
// document the server serves at /api/v1/openapi.json: `npm run api:client -w apps/server`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase, runMigrations } from './db/client';

export async function generateClientTypes(doc: unknown): Promise<string> {
  const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0]);
  return `// Generated from GET /api/v1/openapi.json by \`npm run api:client -w apps/server\`. Do not edit.\n${astToString(ast)}`;
}

if (process.argv[1]?.endsWith('print-api-client.ts')) {
  const database = await openDatabase({ dataDir: null });
  await runMigrations(database);
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  const doc = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const out = process.argv[2] ?? join(import.meta.dirname, 'modules/public-api/client/schema.d.ts');
  writeFileSync(out, await generateClientTypes(doc));
  if (process.argv[3]) writeFileSync(process.argv[3], JSON.stringify(doc, null, 2));
  await app.close();
  await database.close();
}

// Prints every registered route as "METHOD /path", one a line (npm run routes).
import { buildApp } from './app';
import { testConfig } from './config';
import { openDatabase, runMigrations } from './db/client';

const database = await openDatabase({ dataDir: null });
await runMigrations(database);
const app = await buildApp({ config: testConfig(), database });
await app.ready();
console.log([...new Set(app.routeTable)].sort().join('\n'));
await app.close();
await database.close();

import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isNewDatabase, seedDemoData } from './db/seed/demo';
import { DEMO_LM } from './db/seed/demo-lm-dashboard';
import { createStorage } from './platform/storage-from-config';
import { startWebhookPump } from './modules/public-api/webhook-worker';
import { startMetricsServer } from './platform/metrics';
import { gracefulShutdown } from './platform/shutdown';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  const fresh = await isNewDatabase(database.db);
  if (fresh && config.demoData) {
    await seedDemoData(database.db, {
      storage: await createStorage(config),
      publicUrl: config.publicUrl,
      passwordHashing: config.passwordHashing,
    });
  }

  const app = await buildApp({ config, database });
  // uploads cut off by a crash or a restart leave partial files: remove them. A store that cannot
  // list them now (a bucket that is briefly away, a store without the call) does not stop the
  // start: the hourly sweep tries again.
  await app.deps.storage
    .sweepTemp()
    .catch((err: unknown) => app.log.warn({ err }, 'sweeping abandoned uploads failed'));
  const metricsServer = config.metricsPort
    ? await startMetricsServer(app.metrics, { port: config.metricsPort, host: config.host, token: config.metricsToken })
    : null;
  let stopWebhookPump: () => Promise<void> = async () => {};
  const shutdown = gracefulShutdown({
    app,
    delayMs: config.shutdownDelayMs,
    timeoutMs: config.shutdownTimeoutMs,
    workers: [() => stopWebhookPump()],
    finally: async () => {
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
      await database.close();
    },
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));
  await app.listen({ port: config.port, host: config.host });
  // timed project moves (delays, auto-completion, earnings release), scanned every minute
  app.deps.scheduler.start(60_000);
  void app.deps.scheduler.runOnce();
  // webhook deliveries go out right after their event (retries on the scheduler's tick)
  stopWebhookPump = startWebhookPump(app.deps, (err) => app.log.error({ err }, 'webhook delivery failed'));

  console.log(readyBlock(config, fresh));
}

/** The last thing `npm start` prints: where Parlance runs, the demo accounts and how to see more. */
function readyBlock(config: ReturnType<typeof loadConfig>, fresh: boolean): string {
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite under ${config.dataDir}`;
  const files = config.s3
    ? `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`
    : `local disk under ${config.dataDir}/files`;
  const lines = [`Parlance is ready at ${config.publicUrl}`, `Database: ${where}`, `Files: ${files}`];
  if (config.demoData) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD})${fresh ? '' : ', created when this database was new'}:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.type.padEnd(10)} ${a.email}`);
    lines.push(`  ${'lm'.padEnd(10)} ${DEMO_LM.email} (language manager)`);
  }
  const logOff = ['warn', 'error', 'fatal', 'silent'].includes(config.logLevel);
  lines.push(
    logOff ? 'Request log: off (LOG_LEVEL=info turns it on)' : `Request log: on (LOG_LEVEL=${config.logLevel})`,
  );
  lines.push('Stop with Ctrl+C.');
  const rule = '='.repeat(Math.max(...lines.map((l) => l.length)) + 4);
  return ['', rule, ...lines.map((l) => `  ${l}`), rule, ''].join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

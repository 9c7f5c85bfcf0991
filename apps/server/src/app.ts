import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { isApiPath, TEXTS } from '@parlance/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import { AUTH_CHANNEL, AuthCache } from './platform/auth-cache';
import { type Clock, systemClock } from './platform/clock';
import { clientErrorAnswer, frameworkErrorAnswer, registerErrorHandler } from './platform/error-handler';
import { registerInputGuards } from './platform/input';
import { registerRouteAccess } from './platform/access';
import { allowedMethodsOf } from './platform/allowed-methods';
import {
  API_SECURITY_SCHEMES,
  finishOpenApiDocument,
  openApiTransform,
  registerAnswerCheck,
  SECURITY_SCHEMES,
  webAppDocument,
} from './platform/openapi';
import { registerSecurityHeaders } from './platform/security-headers';
import { serializerCompiler } from './platform/serializer';
import { JwtSigner } from './platform/jwt';
import { serverKey } from './platform/keys';
import { createLocalBus } from './platform/realtime';
import { createPgBus } from './platform/realtime-pg';
import { createMailer, type Mailer } from './platform/mail';
import { telegramNotifier } from './platform/telegram/notify';
import { createTelegramProvider, type TelegramProvider } from './platform/telegram/provider';
import { createScheduler } from './platform/scheduler';
import { registerHealthRoutes } from './platform/health';
import { logMixin, registerRequestIds, requestIdOf } from './platform/log-context';
import { closeSocketsGoingAway, registerShutdownState } from './platform/shutdown';
import { type AppMetrics, createMetrics, metricsExposure, registerMetricsRoute } from './platform/metrics';
import { sweepOauthCodes } from './modules/oauth/sweep';
import { pgTaskLock } from './platform/task-lock';
import { createRateLimitStore, fastifyRateLimitStore } from './platform/rate-limit-store';
import type { App, Services } from './platform/services';
import { sessionPlugin } from './platform/session';
import { createStorage } from './platform/storage-from-config';
import { MODULES } from './modules';
import { addProjectTasks } from './modules/projects/timed-moves';
import { addMachineTranslationTask } from './modules/machine-translation/task';
import { createPayoutRails, type PayoutRails } from './platform/payouts/rails';
import { pollProvider } from './modules/payouts/service';
import { createCardProcessor, type PaymentProvider } from './platform/payments';
import { retryPendingCardRefunds } from './modules/payments/card-refunds';
import { deliverDueWebhooks } from './modules/public-api/webhook-worker';
import { cspOrigins } from './platform/our-origins';
import { createMtEngines, type MtEngines } from './platform/mt';
import { bootstrapTemplate, loadWebBootstrap, renderIndexHtml } from './modules/registry/web-bootstrap';
import { modulePreloadLinks, preloadsFor, readRoutePreloads } from './modules/registry/web-preloads';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  payoutProvider?: PayoutRails;
  /** the card processor; default: Stripe when configured, else the card sandbox */
  cardProcessor?: PaymentProvider;
  telegram?: TelegramProvider;
  /** machine-translation engines; default: those configured (MT_*) */
  mt?: MtEngines;
  /** tests: where the log lines go (default stdout), at LOG_LEVEL */
  logStream?: { write(line: string): void };
}

export type { App, Services };

declare module 'fastify' {
  interface FastifyInstance {
    /** this app's Prometheus registry (platform/metrics.ts); main.ts serves it on METRICS_PORT */
    metrics: AppMetrics;
  }
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    // every line names its request or timed task (platform/log-context.ts, ADR 0104)
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, mixin: logMixin, stream: deps.logStream },
    genReqId: requestIdOf,
    // genReqId reads x-request-id itself, and takes it only when it is a sane token
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // a request that reached a stopping instance is answered, not refused (ADR 0104)
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
  }).withTypeProvider<ZodTypeProvider>();
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') routeTable.push(`${m} ${route.url}`);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIds(app);
  registerShutdownState(app);

  const clock = deps.clock ?? systemClock;
  const exposure = metricsExposure(config);
  const metrics = createMetrics({
    database,
    // @fastify/websocket's server tracks every open socket of the app's WebSocket routes
    openSockets: () => app.websocketServer?.clients.size ?? 0,
    now: () => clock.now(),
    // the process metrics' timers live as long as the process: only when metrics are served
    defaults: exposure.kind !== 'off',
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));
  const telegram = deps.telegram ?? createTelegramProvider(database.db, config);
  const services: Services = {
    config,
    db: database.db,
    engine: database.engine,
    clock,
    logger: app.log,
    mailer:
      deps.mailer ??
      createMailer(database.db, {
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        publicUrl: config.publicUrl,
        unsubscribeSecret: config.mailUnsubscribeSecret,
        notify: telegramNotifier(database.db, telegram, (err) => app.log.warn({ err }, 'telegram notification failed')),
        logger: app.log,
      }),
    telegram,
    jwt: new JwtSigner(await serverKey(database.db, 'jwt')),
    captchaKey: await serverKey(database.db, 'captcha'),
    storage: await createStorage(config),
    bus:
      database.engine === 'postgres' && database.pool
        ? await createPgBus(database.pool, { onError: (err) => app.log.error({ err }, 'realtime LISTEN failed') })
        : createLocalBus(),
    scheduler: createScheduler(
      clock,
      (message, err) => app.log.error({ err }, message),
      database.engine === 'postgres' && database.pool ? pgTaskLock(database.pool) : undefined,
      metrics.scheduler,
    ),
    payoutProvider: deps.payoutProvider ?? createPayoutRails(database.db, { paypal: config.paypal }),
    cardProcessor: deps.cardProcessor ?? createCardProcessor(config),
    mt: deps.mt ?? createMtEngines(config.mt),
    rateLimits: createRateLimitStore(database.db, clock),
  };
  addProjectTasks(services.scheduler, services);
  addMachineTranslationTask(services.scheduler, services);
  services.scheduler.add({
    name: 'webhooks.deliver',
    everyMs: 0,
    run: (now) => deliverDueWebhooks(services, now),
  });
  services.scheduler.add({
    name: 'rate-limits.sweep',
    everyMs: 60_000,
    run: (now) => services.rateLimits.sweep(now),
  });
  services.scheduler.add({
    name: 'oauth-codes.sweep',
    everyMs: 3600_000,
    run: (now) => sweepOauthCodes(services.db, now),
  });
  services.scheduler.add({
    name: 'card-refunds.retry',
    everyMs: 60_000,
    run: (now) => retryPendingCardRefunds(services, now),
  });
  services.scheduler.add({
    // uploads cut off by a crash (partial files, or S3 multipart uploads that S3 keeps and bills);
    // their ages are the store's real times, so the sweep compares them with the real time
    name: 'storage.sweep',
    everyMs: 3600_000,
    run: () => services.storage.sweepTemp(),
  });
  services.scheduler.add({
    name: 'payouts.poll',
    everyMs: 60_000,
    run: (now) => pollProvider(services.db, services.payoutProvider, now, services.logger),
  });
  app.decorate('deps', services);
  app.addHook('onClose', async () => {
    // the tick in hand finishes its task (bounded: main.ts cuts everything at SHUTDOWN_TIMEOUT_MS)
    if (!(await services.scheduler.stop(config.shutdownTimeoutMs)))
      app.log.warn('the scheduler tick did not finish before the shutdown timeout');
    await services.bus.close();
  });

  registerErrorHandler(app);
  if (config.checkAnswers) registerAnswerCheck(app);
  registerRouteAccess(app);
  registerInputGuards(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        // our other origins too: a form's redirect back to PUBLIC_URL is never blocked (ADR 0042)
        formAction: ["'self'", 'https:', ...cspOrigins(config)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
    // Not helmet's no-referrer: with it browsers send `Origin: null` on plain form posts (help-centre
    // sign-on, hosted checkout), which the same-origin check must refuse. Cross-site requests still
    // get the origin only.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // JSON and HTML answers above 1 kB go out brotli- or gzip-compressed (the language list is 8 kB,
  // a project page's answer more). Brotli at quality 4: near gzip's speed, smaller output; the
  // default 11 costs milliseconds per answer. The web app's files come pre-compressed (below).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 250 * 1024 * 1024, files: 20 } });
  await app.register(rateLimit, {
    global: false,
    // counted in the database, across instances; when it cannot be reached, requests pass uncounted
    store: fastifyRateLimitStore(services.rateLimits),
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: ctx.statusCode,
      status: 'ERROR',
      message: TEXTS.tooManyRequests,
    }),
  });
  // on close, sockets are told 1001 "going away": clients reconnect at once, to another instance
  await app.register(websocket, { preClose: closeSocketsGoingAway });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parlance API', version: '2.0.0', description: 'The calls of the Parlance web app.' },
      components: { securitySchemes: { ...SECURITY_SCHEMES, ...API_SECURITY_SCHEMES } },
    },
    transform: openApiTransform,
    transformObject: (doc) =>
      finishOpenApiDocument(
        ('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject) as Record<string, unknown>,
        config.publicUrl,
      ),
  });
  const authCache = new AuthCache(config.sessionCacheMs);
  if (authCache.enabled) {
    const listener = await database.listen(
      AUTH_CHANNEL,
      (payload) => authCache.drop(payload),
      () => authCache.clear(),
    );
    app.addHook('onClose', async () => {
      authCache.clear();
      await listener
        .close()
        .catch((err) => app.log.warn({ err }, 'closing the session-cache listener failed during shutdown'));
    });
  }
  await app.register(sessionPlugin, { db: database.db, clock, jwt: services.jwt, cache: authCache });

  for (const mod of MODULES) await app.register(mod);

  app.get('/api/2/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    webAppDocument(app.swagger() as unknown as Record<string, unknown>),
  );
  app.get('/api/2/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
    status: 'OK',
    engine: database.engine,
  }));
  registerHealthRoutes(app, { database, storage: services.storage });
  registerMetricsRoute(app, metrics, exposure);
  // The baseline of `npm run bench`: the same server and hooks, no work of its own.
  if (config.benchRoutes) {
    app.get('/bench/hello', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ hello: 'world' }));
  }

  await serveWebApp(app, config.webDist, services);
  return app;
}

/**
 * Serves the built web app with a fallback to index.html for its routes; API paths answer JSON 404s.
 * That index.html carries the visitor's own user and the config (modules/registry/web-bootstrap.ts),
 * so it is private to the session: never kept by a shared cache, and varying with the cookie.
 */
async function serveWebApp(app: FastifyInstance, webDist: string | null, services: Services): Promise<void> {
  const hasWeb = webDist !== null && existsSync(join(webDist, 'index.html'));
  const template = hasWeb ? bootstrapTemplate(readFileSync(join(webDist as string, 'index.html'), 'utf8')) : null;
  const routePreloads = hasWeb ? readRoutePreloads(webDist as string) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist as string,
      wildcard: false,
      preCompressed: true,
      index: false,
      // the plugin's own header (`public, max-age=0`) would replace the one set here: every repeat
      // visit revalidated every hashed chunk
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const allowedMethods = allowedMethodsOf(app.routeTable);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = isApiPath(path) || path.startsWith('/assets/');
    const allowed = allowedMethods(path);
    if (allowed.length > 0) {
      const message = `${request.method} is not allowed here: use ${allowed.join(', ')}`;
      reply.status(405).header('allow', allowed.join(', '));
      return path.startsWith('/api/v1/')
        ? reply.send({ error: { code: 'method_not_allowed', message } })
        : reply.send({ status: 'ERROR', message });
    }
    if (path.startsWith('/api/v1/')) {
      return reply
        .status(404)
        .send({ error: { code: 'not_found', message: `${request.method} ${path} does not exist` } });
    }
    if (!template || request.method !== 'GET' || isApi) {
      return reply.status(404).send({ status: 'ERROR', message: `${request.method} ${path} does not exist` });
    }
    reply
      .header('Cache-Control', 'no-cache, private')
      .header('Vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8');
    try {
      const bootstrap = await loadWebBootstrap(request, services);
      const preloads = routePreloads ? modulePreloadLinks(preloadsFor(routePreloads, path, bootstrap.user)) : '';
      const html = renderIndexHtml(template, bootstrap, preloads);
      return sendCompressed(reply, request.headers['accept-encoding'], html);
    } catch (err) {
      // without the bootstrap the app asks for the user and config itself, and shows its own error
      request.log.error({ err }, 'the web bootstrap could not be loaded');
      return reply.sendFile('index.html');
    }
  });
}

/** Encodings the client accepts (q above 0), lower-cased. */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Brotli or gzip for an answer of the not-found handler, which @fastify/compress does not see (it
 * hooks routes only); the same brotli quality as the plugin's.
 */
function sendCompressed(reply: FastifyReply, acceptEncoding: string | string[] | undefined, body: string) {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) {
    const params = { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 };
    return reply.header('Content-Encoding', 'br').send(brotliCompressSync(body, { params }));
  }
  if (accepted.has('gzip')) return reply.header('Content-Encoding', 'gzip').send(gzipSync(body));
  return reply.send(body);
}

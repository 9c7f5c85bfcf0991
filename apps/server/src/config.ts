import type { MtConfig } from './platform/mt';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { PasswordHashing } from './platform/passwords';
import type { PayPalSettings } from './platform/payouts/paypal';
import type { S3Settings } from './platform/storage-s3';

// The one configuration object. Every setting comes from an environment variable; defaults make
// `npm start` work on a fresh machine with no services at all.

const bool = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (/^(true|1|yes|on)$/i.test(v)) return true;
      if (/^(false|0|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false, got "${v}"` });
      return z.NEVER;
    });

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        const u = new URL(v);
        if (!protocols.includes(u.protocol)) throw new Error('protocol');
        return v;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be a ${protocols.join(' or ')} URL, got "${v}"` });
        return z.NEVER;
      }
    });

/** Who issues the invoices: the legal seller's name, address, VAT number and billing e-mail. */
export interface SellerDetails {
  name: string;
  address: string[];
  vatNumber: string;
  email: string;
}

/** The demo's seller: plainly not a real company, so a demo PDF cannot pass for a real invoice. */
export const DEMO_SELLER: SellerDetails = {
  name: 'Parlance Demo Ltd (demo seller, not a real company)',
  address: ['1 Example Street', 'Demo City 00000', 'Demoland'],
  vatNumber: 'XX000000000 (demo)',
  email: 'billing@parlance.test',
};

/** The European Central Bank's daily euro reference rates (XML). */
export const ECB_DAILY_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ message: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(1, 'PORT must be between 1 and 65535')
      .max(65535, 'PORT must be between 1 and 65535')
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
    /** the company blog, when there is one: the not-found page links to it (no blog, no button) */
    BLOG_URL: url('BLOG_URL', ['http:', 'https:']),
    /** more addresses Parlance answers at (comma-separated origins): returns may go back to them */
    PUBLIC_ORIGINS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const origins: string[] = [];
        for (const part of (v ?? '').split(',').map((p) => p.trim())) {
          if (!part) continue;
          try {
            const u = new URL(part);
            if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
            origins.push(u.origin);
          } catch {
            ctx.addIssue({ code: 'custom', message: `PUBLIC_ORIGINS must list http or https origins, got "${part}"` });
            return z.NEVER;
          }
        }
        return origins;
      }),
    SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
    /** an HTTP SMS gateway: POST JSON {to, text}; without it SMS go to the outbox admins read */
    SMS_PROVIDER_URL: url('SMS_PROVIDER_URL', ['http:', 'https:']),
    /** the Telegram bot's token (BotFather); without it Telegram messages go to the admin outbox */
    TELEGRAM_BOT_TOKEN: z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'TELEGRAM_BOT_TOKEN must look like 123456:ABC... (from BotFather)')
      .optional(),
    /** the Bot API server (default https://api.telegram.org; a local Bot API server or a test fake) */
    TELEGRAM_API_ROOT: url('TELEGRAM_API_ROOT', ['http:', 'https:']),
    /** Stripe cards: both keys connect Stripe; without them the card sandbox is the processor */
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** tests and proxies: where Stripe's API answers (default api.stripe.com:443 over https) */
    STRIPE_API_HOST: z.string().optional(),
    STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
    /** PayPal Payouts (ADR 0093): without a client id, payouts by PayPal go to the database sandbox */
    PAYPAL_CLIENT_ID: z.string().trim().optional(),
    PAYPAL_CLIENT_SECRET: z.string().trim().optional(),
    PAYPAL_ENV: z.enum(['sandbox', 'live'], { message: 'PAYPAL_ENV must be sandbox or live' }).default('sandbox'),
    /** the id PayPal gave the webhook registered for POST /api/2/payouts/paypal/webhook */
    PAYPAL_WEBHOOK_ID: z.string().trim().optional(),
    /** tests and proxies: another base URL for PayPal's REST API */
    PAYPAL_API_BASE: url('PAYPAL_API_BASE', ['http:', 'https:']),
    /** machine translation (platform/mt, ADR 0107): each engine is connected by its own settings */
    MT_DEEPL_API_KEY: z.string().trim().optional(),
    /** tests and proxies: where DeepL's API answers (default api.deepl.com, or api-free for ':fx' keys) */
    MT_DEEPL_SERVER_URL: url('MT_DEEPL_SERVER_URL', ['http:', 'https:']),
    /** a LibreTranslate server, e.g. http://libretranslate:5000 */
    MT_LIBRETRANSLATE_URL: url('MT_LIBRETRANSLATE_URL', ['http:', 'https:']),
    MT_LIBRETRANSLATE_API_KEY: z.string().trim().optional(),
    /** an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama) */
    MT_OPENAI_BASE_URL: url('MT_OPENAI_BASE_URL', ['http:', 'https:']),
    MT_OPENAI_API_KEY: z.string().trim().optional(),
    MT_OPENAI_MODEL: z.string().trim().optional(),
    /**
     * Files in a bucket of an S3-compatible store (ADR 0103): S3_BUCKET with both keys; without
     * S3_BUCKET files stay under DATA_DIR/files
     */
    S3_BUCKET: z.string().trim().optional(),
    /** another store than AWS: MinIO, Ceph, R2, Garage (e.g. http://127.0.0.1:9000) */
    S3_ENDPOINT: url('S3_ENDPOINT', ['http:', 'https:']),
    S3_REGION: z.string().trim().optional(),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    /** bucket in the path, not the host name; default: on when S3_ENDPOINT is set (most self-hosted stores) */
    S3_FORCE_PATH_STYLE: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return undefined;
        if (/^(true|1|yes|on)$/i.test(v)) return true;
        if (/^(false|0|no|off)$/i.test(v)) return false;
        ctx.addIssue({ code: 'custom', message: `S3_FORCE_PATH_STYLE must be true or false, got "${v}"` });
        return z.NEVER;
      }),
    /**
     * project files offered as attachments are downloaded straight from the bucket (a redirect to a
     * five-minute presigned URL) instead of through the server; the browser must reach S3_ENDPOINT
     */
    S3_PRESIGNED_DOWNLOADS: bool('S3_PRESIGNED_DOWNLOADS', false),
    MAIL_FROM: z.string().default('Parlance <no-reply@parlance.test>'),
    /**
     * the HMAC key of the one-click unsubscribe links (at least 32 characters); unset: a key made
     * once per database (server_keys), so links keep working across restarts and instances
     */
    MAIL_UNSUBSCRIBE_SECRET: z
      .string()
      .min(32, 'MAIL_UNSUBSCRIBE_SECRET must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DEMO_DATA: bool('DEMO_DATA', true),
    CAPTCHA: bool('CAPTCHA', true),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      // warnings and errors only by default: LOG_LEVEL=info turns on the per-request log
      .default('warn'),
    TRUST_PROXY: bool('TRUST_PROXY', false),
    AUTH_RATE_LIMIT: z.coerce
      .number({ message: 'AUTH_RATE_LIMIT must be a number' })
      .int()
      .min(1, 'AUTH_RATE_LIMIT must be at least 1')
      .default(10),
    SESSION_CACHE_MS: z.coerce
      .number({ message: 'SESSION_CACHE_MS must be a number' })
      .int('SESSION_CACHE_MS must be a whole number')
      .min(0, 'SESSION_CACHE_MS must be 0 (off) or more')
      .max(60_000, 'SESSION_CACHE_MS must be at most 60000')
      .default(3000),
    /** customer API calls per key per minute */
    API_RATE_LIMIT: z.coerce
      .number({ message: 'API_RATE_LIMIT must be a number' })
      .int('API_RATE_LIMIT must be a whole number')
      .min(1, 'API_RATE_LIMIT must be at least 1')
      .default(120),
    /** development only: let webhooks reach private and loopback addresses (a local receiver) */
    WEBHOOK_ALLOW_PRIVATE: bool('WEBHOOK_ALLOW_PRIVATE', false),
    /** the partner commission: percent of the referred users' project spend (0 to 50) */
    REFERRAL_COMMISSION_PERCENT: z.coerce
      .number({ message: 'REFERRAL_COMMISSION_PERCENT must be a number' })
      .min(0, 'REFERRAL_COMMISSION_PERCENT must be between 0 and 50')
      .max(50, 'REFERRAL_COMMISSION_PERCENT must be between 0 and 50')
      .default(10),
    /**
     * the European Central Bank's daily reference rates, fetched hourly (ADR 0095); empty: never
     * fetched, the seed rates and those set by finance stay in use
     */
    ECB_RATES_URL: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return ECB_DAILY_URL;
        if (v.trim() === '') return null;
        try {
          const u = new URL(v);
          if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
          return v;
        } catch {
          ctx.addIssue({ code: 'custom', message: `ECB_RATES_URL must be an http or https URL or empty, got "${v}"` });
          return z.NEVER;
        }
      }),
    /** where client alerts routed to sales and to support are mailed (/client-alerts) */
    ALERT_SALES_EMAIL: z.email('ALERT_SALES_EMAIL must be an e-mail address').default('sales@parlance.test'),
    ALERT_SUPPORT_EMAIL: z.email('ALERT_SUPPORT_EMAIL must be an e-mail address').default('support@parlance.test'),
    /** the seller printed on every invoice, receipt and credit note; the defaults are the demo's */
    SELLER_NAME: z.string().trim().min(1, 'SELLER_NAME must not be empty').default(DEMO_SELLER.name),
    /** the seller's postal address, lines separated by ";" */
    SELLER_ADDRESS: z
      .string()
      .trim()
      .min(1, 'SELLER_ADDRESS must not be empty')
      .default(DEMO_SELLER.address.join('; ')),
    SELLER_VAT_NUMBER: z.string().trim().min(1, 'SELLER_VAT_NUMBER must not be empty').default(DEMO_SELLER.vatNumber),
    SELLER_EMAIL: z.email('SELLER_EMAIL must be an e-mail address').default(DEMO_SELLER.email),
    /** tests only: `fast` hashes passwords with tiny argon2 parameters so that suites of sign-ins stay quick */
    PASSWORD_HASHING: z.enum(['owasp', 'fast'], { message: 'PASSWORD_HASHING must be owasp or fast' }).default('owasp'),
    /** benchmarks only: adds GET /bench/hello, a route that does no work, as the baseline of `npm run bench` */
    BENCH_ROUTES: bool('BENCH_ROUTES', false),
    /** tests and development: a 2xx in a content type its OpenAPI operation does not declare fails as a 500 */
    CHECK_ANSWERS: bool('CHECK_ANSWERS', false),
    /** the bearer token of GET /metrics (ADR 0101); neither it nor METRICS_PORT: no metrics served */
    METRICS_TOKEN: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    ),
    /** serve GET /metrics on this port only, not on PORT (with METRICS_TOKEN too when it is set) */
    METRICS_PORT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ message: 'METRICS_PORT must be a number' })
        .int('METRICS_PORT must be a whole number')
        .min(1, 'METRICS_PORT must be between 1 and 65535')
        .max(65535, 'METRICS_PORT must be between 1 and 65535')
        .optional(),
    ),
    /** how long a stopping instance may take to finish its requests and tasks before it cuts them (ADR 0104) */
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ message: 'SHUTDOWN_TIMEOUT_MS must be a number' })
      .int('SHUTDOWN_TIMEOUT_MS must be a whole number')
      .min(1000, 'SHUTDOWN_TIMEOUT_MS must be at least 1000 (a second to finish the requests in hand)')
      .default(25_000),
    /** how long a stopping instance keeps serving after readiness turns 503, so a balancer sees it first */
    SHUTDOWN_DELAY_MS: z.coerce
      .number({ message: 'SHUTDOWN_DELAY_MS must be a number' })
      .int('SHUTDOWN_DELAY_MS must be a whole number')
      .min(0, 'SHUTDOWN_DELAY_MS must be 0 or more')
      .default(0),
    NODE_ENV: z.string().optional(),
  })
  // A switch meant for tests or benchmarks weakens or widens a production server: refuse to start.
  .superRefine((e, ctx) => {
    if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both to connect Stripe, or neither',
      });
    if (e.MT_OPENAI_BASE_URL && !e.MT_OPENAI_MODEL)
      ctx.addIssue({
        code: 'custom',
        path: ['MT_OPENAI_MODEL'],
        message:
          'MT_OPENAI_MODEL must name the model to ask (e.g. gpt-4o-mini, or llama3.1 on Ollama) with MT_OPENAI_BASE_URL',
      });
    if ((e.MT_OPENAI_API_KEY || e.MT_OPENAI_MODEL) && !e.MT_OPENAI_BASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['MT_OPENAI_BASE_URL'],
        message:
          'MT_OPENAI_BASE_URL must be set with MT_OPENAI_API_KEY or MT_OPENAI_MODEL (https://api.openai.com/v1 for OpenAI)',
      });
    if (e.MT_LIBRETRANSLATE_API_KEY && !e.MT_LIBRETRANSLATE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['MT_LIBRETRANSLATE_URL'],
        message: 'MT_LIBRETRANSLATE_URL must be set with MT_LIBRETRANSLATE_API_KEY',
      });
    if (e.PAYPAL_CLIENT_ID && !e.PAYPAL_CLIENT_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_CLIENT_SECRET'],
        message: 'PAYPAL_CLIENT_SECRET must be set with PAYPAL_CLIENT_ID (both from the PayPal developer dashboard)',
      });
    if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: "S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the bucket's access key and its secret)",
      });
    const s3Extras = [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const;
    const strayS3: string[] = s3Extras.filter((name) => e[name] !== undefined && e[name] !== '');
    if (!e.S3_BUCKET && e.S3_PRESIGNED_DOWNLOADS) strayS3.push('S3_PRESIGNED_DOWNLOADS');
    if (!e.S3_BUCKET && strayS3.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: `${strayS3.join(', ')} ${strayS3.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not: set S3_BUCKET to store files in a bucket, or unset ${strayS3.length === 1 ? 'it' : 'them'}`,
      });
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'METRICS_PORT must differ from PORT: the metrics listener is a server of its own',
      });
    if (e.SHUTDOWN_DELAY_MS >= e.SHUTDOWN_TIMEOUT_MS)
      ctx.addIssue({
        code: 'custom',
        path: ['SHUTDOWN_DELAY_MS'],
        message: 'SHUTDOWN_DELAY_MS must be shorter than SHUTDOWN_TIMEOUT_MS: the delay counts within the timeout',
      });
    if (e.NODE_ENV !== 'production') return;
    if (e.PASSWORD_HASHING === 'fast')
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASHING'],
        message: 'PASSWORD_HASHING=fast is for tests and is refused when NODE_ENV=production',
      });
    if (e.BENCH_ROUTES)
      ctx.addIssue({
        code: 'custom',
        path: ['BENCH_ROUTES'],
        message: 'BENCH_ROUTES is for benchmarks and is refused when NODE_ENV=production',
      });
  });

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** BLOG_URL: the company blog, or none */
  blogUrl: string | null;
  /** other origins of this same server (PUBLIC_ORIGINS); see platform/our-origins.ts */
  publicOrigins: string[];
  smtpUrl: string | undefined;
  smsProviderUrl: string | undefined;
  telegramBotToken: string | undefined;
  telegramApiRoot: string | undefined;
  /** Stripe as the card processor (STRIPE_*); null: the card sandbox */
  stripe: StripeConfig | null;
  /** PayPal Payouts when PAYPAL_CLIENT_ID is set; null: the database sandbox pays PayPal payouts */
  paypal: PayPalSettings | null;
  /** the machine-translation engines connected (MT_*); all null: no machine translation is offered */
  mt: MtConfig;
  /** files in an S3-compatible bucket (S3_*); null: on the local disk under DATA_DIR/files */
  s3: S3Settings | null;
  mailFrom: string;
  /** the HMAC key of unsubscribe links; undefined: the database's own (platform/mail-unsubscribe.ts) */
  mailUnsubscribeSecret: string | undefined;
  demoData: boolean;
  captcha: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** sign-in, signup and reset attempts per IP per minute */
  authRateLimit: number;
  /** how long a session's user is kept in memory (platform/auth-cache.ts); 0 turns it off */
  sessionCacheMs: number;
  /** customer API calls per key per minute */
  apiRateLimit: number;
  /** development and tests: webhook URLs on private and loopback addresses are allowed */
  webhookAllowPrivate: boolean;
  /** partner commission in percent of the referred users' spend */
  referralCommissionPercent: number;
  /** ECB_RATES_URL: where the ECB's daily rates are fetched from; null: not fetched */
  ecbRatesUrl: string | null;
  /** mailboxes of the client alerts' sales and support flags */
  alertSalesEmail: string;
  alertSupportEmail: string;
  /** the seller on invoices, receipts and credit notes (SELLER_*) */
  seller: SellerDetails;
  /** argon2 parameters of new password hashes: OWASP's, or tiny ones for tests (refused in production) */
  passwordHashing: PasswordHashing;
  /** serve GET /bench/hello, the baseline of `npm run bench` (refused in production) */
  benchRoutes: boolean;
  /** CHECK_ANSWERS: a 2xx whose content type the route's document does not declare fails (platform/openapi.ts) */
  checkAnswers: boolean;
  /** METRICS_TOKEN: the bearer token of GET /metrics; undefined: no token asked (ADR 0101) */
  metricsToken?: string;
  /** METRICS_PORT: metrics served on this port only (main.ts starts the listener) */
  metricsPort?: number;
  /** SHUTDOWN_TIMEOUT_MS: from the signal, the bound on finishing requests and tasks (ADR 0104) */
  shutdownTimeoutMs: number;
  /** SHUTDOWN_DELAY_MS: from the signal, serving on with readiness 503 before the listener closes */
  shutdownDelayMs: number;
  /** where the built web app lives; null serves the API only */
  webDist: string | null;
  /** tests only (not read from the environment): a smaller wizard upload limit than LIMITS.wizardMaxUploadBytes */
  wizardMaxUploadBytes?: number;
  /** tests only (not read from the environment): let the wizard's URL entry fetch a local test server */
  urlFetchAllowPrivate?: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    blogUrl: e.BLOG_URL ?? null,
    publicOrigins: e.PUBLIC_ORIGINS,
    smtpUrl: e.SMTP_URL,
    smsProviderUrl: e.SMS_PROVIDER_URL,
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegramApiRoot: e.TELEGRAM_API_ROOT,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            host: e.STRIPE_API_HOST,
            port: e.STRIPE_API_PORT,
            protocol: e.STRIPE_API_PROTOCOL,
          }
        : null,
    mt: {
      deepl: e.MT_DEEPL_API_KEY ? { apiKey: e.MT_DEEPL_API_KEY, serverUrl: e.MT_DEEPL_SERVER_URL } : null,
      libreTranslate: e.MT_LIBRETRANSLATE_URL
        ? { url: e.MT_LIBRETRANSLATE_URL, apiKey: e.MT_LIBRETRANSLATE_API_KEY }
        : null,
      openAi:
        e.MT_OPENAI_BASE_URL && e.MT_OPENAI_MODEL
          ? { baseUrl: e.MT_OPENAI_BASE_URL, apiKey: e.MT_OPENAI_API_KEY, model: e.MT_OPENAI_MODEL }
          : null,
    },
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            env: e.PAYPAL_ENV,
            webhookId: e.PAYPAL_WEBHOOK_ID || null,
            apiBase: e.PAYPAL_API_BASE ?? null,
          }
        : null,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            // AWS wants the bucket's region; self-hosted stores take any name and usually this one
            region: e.S3_REGION || 'us-east-1',
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
            presignedDownloads: e.S3_PRESIGNED_DOWNLOADS,
          }
        : null,
    mailFrom: e.MAIL_FROM,
    mailUnsubscribeSecret: e.MAIL_UNSUBSCRIBE_SECRET,
    demoData: e.DEMO_DATA,
    captcha: e.CAPTCHA,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    sessionCacheMs: e.SESSION_CACHE_MS,
    apiRateLimit: e.API_RATE_LIMIT,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    referralCommissionPercent: e.REFERRAL_COMMISSION_PERCENT,
    ecbRatesUrl: e.ECB_RATES_URL,
    alertSalesEmail: e.ALERT_SALES_EMAIL,
    alertSupportEmail: e.ALERT_SUPPORT_EMAIL,
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS.split(';')
        .map((line) => line.trim())
        .filter(Boolean),
      vatNumber: e.SELLER_VAT_NUMBER,
      email: e.SELLER_EMAIL,
    },
    passwordHashing: e.PASSWORD_HASHING,
    benchRoutes: e.BENCH_ROUTES,
    checkAnswers: e.CHECK_ANSWERS,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    webDist: resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** A configuration for tests: no captcha unless asked, generous limits, no web app. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    publicUrl: 'http://localhost:3000',
    blogUrl: null,
    publicOrigins: [],
    smtpUrl: undefined,
    smsProviderUrl: undefined,
    telegramBotToken: undefined,
    telegramApiRoot: undefined,
    stripe: null,
    paypal: null,
    mt: { deepl: null, libreTranslate: null, openAi: null },
    s3: null,
    mailFrom: 'Parlance <no-reply@parlance.test>',
    mailUnsubscribeSecret: undefined,
    demoData: false,
    captcha: false,
    logLevel: 'silent',
    trustProxy: false,
    authRateLimit: 1000,
    // off: API tests change users in the database directly and read them back at once
    sessionCacheMs: 0,
    apiRateLimit: 1000,
    webhookAllowPrivate: false,
    referralCommissionPercent: 10,
    // tests never reach the network: a test that fetches rates names its own local server
    ecbRatesUrl: null,
    alertSalesEmail: 'sales@parlance.test',
    alertSupportEmail: 'support@parlance.test',
    seller: DEMO_SELLER,
    passwordHashing: 'fast',
    benchRoutes: false,
    // every API test then also checks that the content type of each answer is the documented one
    checkAnswers: true,
    shutdownTimeoutMs: 5000,
    shutdownDelayMs: 0,
    webDist: null,
    ...overrides,
  };
}

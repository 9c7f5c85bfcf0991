import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('works with no variables at all', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.demoData).toBe(true);
    expect(c.captcha).toBe(true);
    expect(c.logLevel).toBe('warn');
  });

  it('connects Stripe only with both of its keys; without them the card sandbox stays', () => {
    expect(loadConfig({}).stripe).toBeNull();
    const c = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(c.stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'k', STRIPE_WEBHOOK_SECRET: 'w', STRIPE_API_PROTOCOL: 'ftp' }),
    ).toThrow(/STRIPE_API_PROTOCOL/);
  });

  it('stores files in a bucket only with S3_BUCKET and both keys; without them the local disk stays', () => {
    expect(loadConfig({}).s3).toBeNull();
    const keys = { S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ S3_BUCKET: 'files', ...keys }).s3).toEqual({
      bucket: 'files',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      presignedDownloads: false,
    });
    expect(loadConfig({ S3_BUCKET: 'files', S3_PRESIGNED_DOWNLOADS: 'true', ...keys }).s3?.presignedDownloads).toBe(
      true,
    );
    expect(() => loadConfig({ S3_PRESIGNED_DOWNLOADS: 'true' })).toThrow(/S3_PRESIGNED_DOWNLOADS is set but S3_BUCKET/);
    // a self-hosted store: path-style unless told otherwise
    const minio = { S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-1', ...keys };
    expect(loadConfig(minio).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(() => loadConfig({ S3_BUCKET: 'files' })).toThrow(
      /S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKID' })).toThrow(ConfigError);
    expect(() => loadConfig(keys)).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT is set but S3_BUCKET is not/);
    expect(() => loadConfig({ ...minio, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE must be true or false/,
    );
  });

  it('reads every documented variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/parlance',
      DATABASE_URL: 'postgres://u@db:5432/p',
      PUBLIC_URL: 'https://parlance.example/',
      SMTP_URL: 'smtp://mail:25',
      DEMO_DATA: 'false',
      CAPTCHA: '0',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/tmp/parlance',
      databaseUrl: 'postgres://u@db:5432/p',
      publicUrl: 'https://parlance.example',
      smtpUrl: 'smtp://mail:25',
      demoData: false,
      captcha: false,
      logLevel: 'warn',
    });
  });

  it('connects PayPal payouts only with both keys; the sandbox otherwise', () => {
    expect(loadConfig({}).paypal).toBeNull();
    expect(
      loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH1' }).paypal,
    ).toEqual({ clientId: 'id', clientSecret: 'secret', env: 'sandbox', webhookId: 'WH1', apiBase: null });
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 's', PAYPAL_ENV: 'live' }).paypal).toMatchObject({
      env: 'live',
      webhookId: null,
    });
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(/PAYPAL_CLIENT_SECRET must be set/);
    expect(() => loadConfig({ PAYPAL_ENV: 'production' })).toThrow(/PAYPAL_ENV must be sandbox or live/);
  });

  it('connects each machine-translation engine by its own settings, and none by default', () => {
    expect(loadConfig({}).mt).toEqual({ deepl: null, libreTranslate: null, openAi: null });
    expect(
      loadConfig({
        MT_DEEPL_API_KEY: 'abc:fx',
        MT_LIBRETRANSLATE_URL: 'http://libretranslate:5000',
        MT_LIBRETRANSLATE_API_KEY: 'lt',
        MT_OPENAI_BASE_URL: 'http://localhost:11434/v1',
        MT_OPENAI_MODEL: 'llama3.1',
      }).mt,
    ).toEqual({
      deepl: { apiKey: 'abc:fx', serverUrl: undefined },
      libreTranslate: { url: 'http://libretranslate:5000', apiKey: 'lt' },
      openAi: { baseUrl: 'http://localhost:11434/v1', apiKey: undefined, model: 'llama3.1' },
    });
    expect(() => loadConfig({ MT_OPENAI_BASE_URL: 'https://api.openai.com/v1' })).toThrow(/MT_OPENAI_MODEL must name/);
    expect(() => loadConfig({ MT_OPENAI_API_KEY: 'sk' })).toThrow(/MT_OPENAI_BASE_URL must be set/);
    expect(() => loadConfig({ MT_LIBRETRANSLATE_URL: 'ftp://x' })).toThrow(/MT_LIBRETRANSLATE_URL/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['DEMO_DATA', 'maybe'],
    ['CAPTCHA', 'sometimes'],
    ['LOG_LEVEL', 'loud'],
  ])('stops with a message naming %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('keeps the test and benchmark switches off by default', () => {
    const c = loadConfig({});
    expect(c.passwordHashing).toBe('owasp');
    expect(c.benchRoutes).toBe(false);
  });

  it('allows them outside production', () => {
    const c = loadConfig({ PASSWORD_HASHING: 'fast', BENCH_ROUTES: 'true', NODE_ENV: 'test' });
    expect(c.passwordHashing).toBe('fast');
    expect(c.benchRoutes).toBe(true);
  });

  it.each([
    ['PASSWORD_HASHING', 'fast'],
    ['BENCH_ROUTES', 'true'],
  ])('refuses %s=%s when NODE_ENV=production', (name, value) => {
    expect(() => loadConfig({ NODE_ENV: 'production', [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', [name]: value })).toThrow(name);
    expect(loadConfig({ NODE_ENV: 'production' }).passwordHashing).toBe('owasp');
  });
  it('serves no metrics by default, and reads METRICS_TOKEN and METRICS_PORT', () => {
    const plain = loadConfig({});
    expect(plain.metricsToken).toBeUndefined();
    expect(plain.metricsPort).toBeUndefined();
    const c = loadConfig({ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '9464' });
    expect(c.metricsToken).toBe('a-long-enough-token');
    expect(c.metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' }).metricsToken).toBeUndefined();
  });

  it('bounds a stop by SHUTDOWN_TIMEOUT_MS, with SHUTDOWN_DELAY_MS counted within it', () => {
    expect(loadConfig({})).toMatchObject({ shutdownTimeoutMs: 25_000, shutdownDelayMs: 0 });
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '40000', SHUTDOWN_DELAY_MS: '5000' })).toMatchObject({
      shutdownTimeoutMs: 40_000,
      shutdownDelayMs: 5000,
    });
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow('SHUTDOWN_TIMEOUT_MS must be a number');
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '10' })).toThrow('SHUTDOWN_TIMEOUT_MS must be at least 1000');
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '-1' })).toThrow('SHUTDOWN_DELAY_MS must be 0 or more');
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '30000' })).toThrow(
      'SHUTDOWN_DELAY_MS must be shorter than SHUTDOWN_TIMEOUT_MS',
    );
  });

  it('refuses a short METRICS_TOKEN and a METRICS_PORT equal to PORT', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow('METRICS_PORT must differ from PORT');
    expect(() => loadConfig({ METRICS_PORT: 'abc' })).toThrow('METRICS_PORT must be a number');
  });
});

import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from './access';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Clock } from './clock';
import type { JwtSigner } from './jwt';
import type { Logger } from './logger';
import type { Mailer } from './mail';
import type { MtEngines } from './mt';
import type { PayoutRails } from './payouts/rails';
import type { RateLimitStore } from './rate-limit-store';
import type { RealtimeBus } from './realtime';
import type { Scheduler } from './scheduler';
import type { Storage } from './storage';
import type { TelegramProvider } from './telegram/provider';
import type { PaymentProvider } from './payments/provider';

/** What every module reaches through `app.deps`. */
export interface Services {
  config: Config;
  db: Db;
  engine: Database['engine'];
  clock: Clock;
  /** the server's logger (app.log): failures that do not stop a request or a task are logged here */
  logger: Logger;
  mailer: Mailer;
  jwt: JwtSigner;
  /** HMAC key of the captcha challenges */
  captchaKey: string;
  /** uploaded files (local disk under DATA_DIR/files) */
  storage: Storage;
  /** realtime fan-out: notify after a transaction that recorded events commits */
  bus: RealtimeBus;
  /** timed moves (main.ts starts its interval; tests call runOnce with their clock) */
  scheduler: Scheduler;
  /** rate-limit counters shared by every instance on the database */
  rateLimits: RateLimitStore;
  /** the card processor: Stripe when STRIPE_* is set, else the card sandbox */
  cardProcessor: PaymentProvider;
  /** the payout provider (the sandbox until a real one is configured) */
  payoutProvider: PayoutRails;
  /** Telegram notifications (the outbox sandbox until TELEGRAM_BOT_TOKEN is set) */
  telegram: TelegramProvider;
  /** the machine-translation engines connected (MT_*); none: machine translation is not offered */
  mt: MtEngines;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Services;
    /** every registered route as "METHOD /path" (npm run routes) */
    routeTable: string[];
    /** who may call each registered route, by "METHOD /path" (platform/access.ts) */
    routeAccess: ReadonlyMap<string, RouteAccess>;
  }
}

export type App = FastifyInstance;

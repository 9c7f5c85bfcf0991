import type { FastifyBaseLogger } from 'fastify';

/**
 * What business code logs through: the server's pino logger (`app.log`, with the level of
 * LOG_LEVEL) in the app. Failures that must not stop the work in hand (a mail, one recurring
 * action, a notification) are logged at warn with the ids involved, so that someone hears of them.
 */
export type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

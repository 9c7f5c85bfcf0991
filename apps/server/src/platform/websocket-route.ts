import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The preValidation of a WebSocket route: a plain HTTP request gets 426 in the error envelope,
 * with the header that says what to do, rather than @fastify/websocket's empty 404.
 */
export async function requireUpgrade(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.ws) return;
  reply.header('upgrade', 'websocket');
  throw new AppError(426, 'This address is a WebSocket: open it with an Upgrade: websocket request');
}

// Auth: placeholder, filled in by the auth work.
import type { FastifyPluginAsync } from 'fastify';

export const authRoutes: FastifyPluginAsync = async () => {};

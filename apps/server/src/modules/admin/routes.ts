// Admin: placeholder, filled in by the admin work.
import type { FastifyPluginAsync } from 'fastify';

export const adminRoutes: FastifyPluginAsync = async () => {};

// Registry: placeholder, filled in by the registry work.
import type { FastifyPluginAsync } from 'fastify';

export const registryRoutes: FastifyPluginAsync = async () => {};

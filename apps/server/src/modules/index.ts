import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { registryRoutes } from './registry/routes';

/** Every business area, registered in this order by buildApp. */
export const MODULES: FastifyPluginAsync[] = [registryRoutes, authRoutes, adminRoutes];

/**
 * Which public surface a route belongs to, stated on its handler (Fastify route config). Errors raised
 * before a handler runs (body parsing, size limits) reach only the global filter, which answers them as
 * the route's surface would (see platform-exception.filter.ts).
 */
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';

export type PublicSurface = 'sso' | 'gateway';

/** Marks a handler as part of a surface. */
export const OnSurface = (surface: PublicSurface): MethodDecorator => RouteConfig({ surface });

/** The surface of the route a request matched, if its handler states one. */
export function surfaceOf(req: FastifyRequest): PublicSurface | undefined {
  const config = req.routeOptions?.config as { surface?: PublicSurface } | undefined;
  return config?.surface;
}

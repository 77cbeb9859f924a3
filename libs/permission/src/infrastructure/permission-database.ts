/**
 * The permission schema's Prisma client, opened once per module (an async provider, so every repository gets
 * a ready client). Embedded mode migrates here, on the same PGlite instance the client then uses; distributed
 * mode migrates by the explicit CLI before rollout. Prisma types never leave libs/permission.
 */
import type { FactoryProvider } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { createServiceDatabase, serviceDatabase, type ServiceDatabase } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { PrismaClient } from '../generated/prisma/client';
import type { Prisma } from '../generated/prisma/client';

export type PermissionPrismaClient = PrismaClient;
export type PermissionTransaction = Prisma.TransactionClient;
export type PermissionDatabase = ServiceDatabase<PermissionPrismaClient>;

export const PERMISSION_DATABASE = Symbol('dcp.permission.database');

export const permissionDatabaseProvider: FactoryProvider<Promise<PermissionDatabase>> = {
  provide: PERMISSION_DATABASE,
  inject: [RUNTIME_CONTEXT],
  useFactory: async (ctx: RuntimeContext) => {
    const logger = new Logger('permission-database');
    return createServiceDatabase(PrismaClient, serviceDatabase('permission'), ctx.database('permission'), {
      migrate: ctx.config.mode === 'embedded',
      log: (line) => logger.debug(line),
      onPoolError: (err) => logger.error(`PostgreSQL pool error: ${err.message}`),
    });
  },
};

/**
 * The storage schema's Prisma client, opened once per module. Embedded mode migrates here, on the same
 * PGlite instance the client then uses; distributed mode migrates by the explicit CLI before rollout.
 */
import type { FactoryProvider } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { createServiceDatabase, serviceDatabase, type ServiceDatabase } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { PrismaClient } from '../generated/prisma/client';
import type { Prisma } from '../generated/prisma/client';

export type StoragePrismaClient = PrismaClient;
export type StorageTransaction = Prisma.TransactionClient;
export type StorageDatabase = ServiceDatabase<StoragePrismaClient>;

export const STORAGE_DATABASE = Symbol('dcp.storage.database');

export const storageDatabaseProvider: FactoryProvider<Promise<StorageDatabase>> = {
  provide: STORAGE_DATABASE,
  inject: [RUNTIME_CONTEXT],
  useFactory: async (ctx: RuntimeContext) => {
    const logger = new Logger('storage-database');
    return createServiceDatabase(PrismaClient, serviceDatabase('storage'), ctx.database('storage'), {
      migrate: ctx.config.mode === 'embedded',
      log: (line) => logger.debug(line),
      onPoolError: (err) => logger.error(`PostgreSQL pool error: ${err.message}`),
    });
  },
};

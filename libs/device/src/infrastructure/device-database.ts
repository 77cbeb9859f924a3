/**
 * The device schema's Prisma client, opened once per module (an async provider, so every repository gets a
 * ready client). Embedded mode migrates here, on the same PGlite instance the client then uses; distributed
 * mode migrates by the explicit CLI before rollout (libs/database/README.md).
 */
import type { FactoryProvider } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { createServiceDatabase, serviceDatabase, type ServiceDatabase } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { PrismaClient } from '../generated/prisma/client';
import type { Prisma } from '../generated/prisma/client';

export type DevicePrismaClient = PrismaClient;
export type DeviceTransaction = Prisma.TransactionClient;
export type DeviceDatabase = ServiceDatabase<DevicePrismaClient>;

export const DEVICE_DATABASE = Symbol('dcp.device.database');

export const deviceDatabaseProvider: FactoryProvider<Promise<DeviceDatabase>> = {
  provide: DEVICE_DATABASE,
  inject: [RUNTIME_CONTEXT],
  useFactory: async (ctx: RuntimeContext) => {
    const logger = new Logger('device-database');
    return createServiceDatabase(PrismaClient, serviceDatabase('device'), ctx.database('device'), {
      migrate: ctx.config.mode === 'embedded',
      log: (line) => logger.debug(line),
      onPoolError: (err) => logger.error(`PostgreSQL pool error: ${err.message}`),
    });
  },
};

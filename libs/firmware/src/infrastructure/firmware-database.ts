/**
 * The firmware schema's Prisma client, opened once per module (an async provider, so every repository gets a
 * ready client). Embedded mode migrates here, on the same PGlite instance the client then uses; distributed
 * mode migrates by the explicit CLI before rollout. Prisma types never leave libs/firmware.
 */
import type { FactoryProvider } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { createServiceDatabase, serviceDatabase, type ServiceDatabase } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { PrismaClient } from '../generated/prisma/client';

export type FirmwarePrismaClient = PrismaClient;
export type FirmwareDatabase = ServiceDatabase<FirmwarePrismaClient>;

export const FIRMWARE_DATABASE = Symbol('dcp.firmware.database');

export const firmwareDatabaseProvider: FactoryProvider<Promise<FirmwareDatabase>> = {
  provide: FIRMWARE_DATABASE,
  inject: [RUNTIME_CONTEXT],
  useFactory: async (ctx: RuntimeContext) => {
    const logger = new Logger('firmware-database');
    return createServiceDatabase(PrismaClient, serviceDatabase('firmware'), ctx.database('firmware'), {
      migrate: ctx.config.mode === 'embedded',
      log: (line) => logger.debug(line),
      onPoolError: (err) => logger.error(`PostgreSQL pool error: ${err.message}`),
    });
  },
};

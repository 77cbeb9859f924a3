/**
 * The sso schema's Prisma client, opened once per module (an async provider, so every repository gets a
 * ready client). Embedded mode migrates here, on the same PGlite instance the client then uses; distributed
 * mode migrates by the explicit CLI before rollout (libs/database/README.md).
 */
import type { FactoryProvider } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { createServiceDatabase, serviceDatabase, type ServiceDatabase } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { PrismaClient } from '../generated/prisma/client';
import type { Prisma } from '../generated/prisma/client';

export type SsoPrismaClient = PrismaClient;
export type SsoTransaction = Prisma.TransactionClient;
export type SsoDatabase = ServiceDatabase<SsoPrismaClient>;

export const SSO_DATABASE = Symbol('dcp.sso.database');

export const ssoDatabaseProvider: FactoryProvider<Promise<SsoDatabase>> = {
  provide: SSO_DATABASE,
  inject: [RUNTIME_CONTEXT],
  useFactory: async (ctx: RuntimeContext) => {
    const logger = new Logger('sso-database');
    return createServiceDatabase(PrismaClient, serviceDatabase('sso'), ctx.database('sso'), {
      migrate: ctx.config.mode === 'embedded',
      log: (line) => logger.debug(line),
      onPoolError: (err) => logger.error(`PostgreSQL pool error: ${err.message}`),
    });
  },
};

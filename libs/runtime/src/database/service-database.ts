/**
 * A service's own database (its PostgreSQL schema, libs/database/README.md), the same wiring for every service
 * that owns data: the module lists `serviceDatabaseProvider('<service>', PrismaClient)` (its generated client)
 * and everything that needs the client — repositories, the ServiceHost, `serviceEventsProvider` — injects
 * `serviceDatabaseToken('<service>')`.
 *
 * Opened once per module (an async provider, so every repository gets a ready client). Embedded mode migrates
 * here, on the same PGlite instance the client then uses; distributed mode migrates by the explicit CLI before
 * rollout. Errors of idle pooled PostgreSQL connections (a database restart) are logged, not thrown.
 */
import { type FactoryProvider, Logger } from '@nestjs/common';
import type { ServiceName } from '@dcp/contracts';
import { type PrismaClientConstructor, type PrismaClientLike, type ServiceDatabase, createServiceDatabase, serviceDatabase } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from '../host/context';

/** The injection token of a service's database: the same symbol for every caller naming the service. */
export function serviceDatabaseToken(service: ServiceName): symbol {
  return Symbol.for(`dcp.${service}.database`);
}

/** The service's `ServiceDatabase` over its generated Prisma client, under `serviceDatabaseToken(service)`. */
export function serviceDatabaseProvider<T extends PrismaClientLike>(
  service: ServiceName,
  PrismaClient: PrismaClientConstructor<T>,
): FactoryProvider<Promise<ServiceDatabase<T>>> {
  return {
    provide: serviceDatabaseToken(service),
    inject: [RUNTIME_CONTEXT],
    useFactory: async (ctx: RuntimeContext) => {
      const logger = new Logger(`${service}-database`);
      const database = await createServiceDatabase(PrismaClient, serviceDatabase(service), ctx.database(service), {
        migrate: ctx.config.mode === 'embedded',
        log: (line) => logger.debug(line),
        onPoolError: (err) => logger.error(`PostgreSQL pool error: ${err.message}`),
      });
      // Closed after RPC and event intake stopped and the outbox flushed (HS2), whatever hook order Nest uses.
      ctx.shutdown.register('databases', `${service} database`, () => database.close());
      return database;
    },
  };
}

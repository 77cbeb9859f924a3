/**
 * The sso schema's typed client and transaction. The module opens it with
 * `serviceDatabaseProvider('sso', PrismaClient)` (@dcp/runtime); repositories and
 * its ServiceEvents (serviceRuntime) inject `serviceDatabaseToken('sso')`. Prisma types never leave libs/sso.
 */
import type { ServiceDatabase } from '@dcp/database';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export type SsoDatabase = ServiceDatabase<PrismaClient>;
export type SsoTransaction = Prisma.TransactionClient;

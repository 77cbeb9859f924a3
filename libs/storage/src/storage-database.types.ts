/**
 * The storage schema's typed client and transaction. The module opens it with
 * `serviceDatabaseProvider('storage', PrismaClient)` (@dcp/runtime); repositories and
 * its ServiceEvents (serviceRuntime) inject `serviceDatabaseToken('storage')`. Prisma types never leave libs/storage.
 */
import type { ServiceDatabase } from '@dcp/database';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export type StorageDatabase = ServiceDatabase<PrismaClient>;
export type StorageTransaction = Prisma.TransactionClient;

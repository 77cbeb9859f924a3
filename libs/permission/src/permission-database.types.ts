/**
 * The permission schema's typed client and transaction. The module opens it with
 * `serviceDatabaseProvider('permission', PrismaClient)` (@dcp/runtime); repositories and
 * its ServiceEvents (serviceRuntime) inject `serviceDatabaseToken('permission')`. Prisma types never leave libs/permission.
 */
import type { ServiceDatabase } from '@dcp/database';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export type PermissionDatabase = ServiceDatabase<PrismaClient>;
export type PermissionTransaction = Prisma.TransactionClient;

/**
 * The push schema's typed client and transaction. The module opens it with `serviceDatabaseProvider('push',
 * PrismaClient)` (@dcp/runtime); repositories inject `serviceDatabaseToken('push')`. Prisma types never leave
 * libs/push.
 */
import type { ServiceDatabase } from '@dcp/database';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export type PushDatabase = ServiceDatabase<PrismaClient>;
export type PushTransaction = Prisma.TransactionClient;

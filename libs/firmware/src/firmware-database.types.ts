/**
 * The firmware schema's typed client and transaction. The module opens it with `serviceDatabaseProvider('firmware', PrismaClient)`
 * (@dcp/runtime); repositories and its host inject `serviceDatabaseToken('firmware')`. Prisma types never
 * leave libs/firmware.
 */
import type { ServiceDatabase } from '@dcp/database';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export type FirmwareDatabase = ServiceDatabase<PrismaClient>;
export type FirmwareTransaction = Prisma.TransactionClient;

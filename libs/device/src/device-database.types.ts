/**
 * The device schema's typed client and transaction. The module opens it with
 * `serviceDatabaseProvider('device', PrismaClient)` (@dcp/runtime); repositories and
 * its ServiceEvents (serviceRuntime) inject `serviceDatabaseToken('device')`. Prisma types never leave libs/device.
 */
import type { ServiceDatabase } from '@dcp/database';
import type { Prisma, PrismaClient } from './generated/prisma/client';

export type DeviceDatabase = ServiceDatabase<PrismaClient>;
export type DeviceTransaction = Prisma.TransactionClient;

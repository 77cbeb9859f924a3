/**
 * The firmware schema's typed client. The module opens it with `serviceDatabaseProvider('firmware', PrismaClient)`
 * (@dcp/runtime); repositories and its host inject `serviceDatabaseToken('firmware')`. Prisma types never
 * leave libs/firmware.
 */
import type { ServiceDatabase } from '@dcp/database';
import type { PrismaClient } from './generated/prisma/client';

export type FirmwareDatabase = ServiceDatabase<PrismaClient>;

/**
 * Force-unbind signs already accepted, shared by every replica through the device database: the primary key
 * (oemCode, sign) makes the first insert win, so a replay is refused wherever it lands. Rows of the same
 * manufacturer whose time has passed are removed on the way.
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { DeviceDatabase } from '../device-database.types';

export interface UsedSigns {
  /** True the first time this (lower-case) sign is seen for the manufacturer; false when it was used already. */
  remember(oemCode: string, sign: string, expiresAt: Date, now: number): Promise<boolean>;
}

@Injectable()
export class UsedForceSignStore implements UsedSigns {
  constructor(@Inject(serviceDatabaseToken('device')) private readonly db: DeviceDatabase) {}

  async remember(oemCode: string, sign: string, expiresAt: Date, now: number): Promise<boolean> {
    await this.db.client.$executeRaw`DELETE FROM "device"."used_force_sign" WHERE oem_code = ${oemCode} AND expires_at < ${new Date(now)}`;
    const inserted = await this.db.client.$executeRaw`
      INSERT INTO "device"."used_force_sign" (oem_code, sign, expires_at) VALUES (${oemCode}, ${sign}, ${expiresAt})
      ON CONFLICT (oem_code, sign) DO NOTHING`;
    return inserted === 1;
  }
}

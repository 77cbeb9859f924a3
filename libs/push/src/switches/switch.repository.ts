/** Users' push switches (push.push_switch; decisions PS9): one row per user, device ('' all) and type (-1 all). */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { PushDatabase } from '../push-database.types';

export interface PushSwitchRecord {
  macAddr: string;
  type: number;
  enabled: boolean;
}

@Injectable()
export class SwitchRepository {
  constructor(@Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase) {}

  /** Sets a switch; false when it is new and the user already has `limit` switches. */
  async set(userId: number, s: PushSwitchRecord, at: Date, limit: number): Promise<boolean> {
    const key = { userId_macAddr_type: { userId, macAddr: s.macAddr, type: s.type } };
    const existing = await this.db.client.pushSwitch.findUnique({ where: key, select: { userId: true } });
    if (!existing && (await this.db.client.pushSwitch.count({ where: { userId } })) >= limit) return false;
    await this.db.client.pushSwitch.upsert({ where: key, create: { userId, ...s, updatedAt: at }, update: { enabled: s.enabled, updatedAt: at } });
    return true;
  }

  async list(userId: number): Promise<PushSwitchRecord[]> {
    return this.db.client.pushSwitch.findMany({ where: { userId }, select: { macAddr: true, type: true, enabled: true }, orderBy: [{ macAddr: 'asc' }, { type: 'asc' }] });
  }
}

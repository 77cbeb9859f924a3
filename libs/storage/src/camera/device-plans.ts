/**
 * storage.device_plan (decisions CU6): the cloud-recording plan a device's camera last uploaded under — its
 * rolling retention and its end. What playback shows and what retention purges follow from it.
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase } from '../storage-database.types';

export interface DevicePlan {
  retentionDays: number;
  /** Epoch ms. */
  planEndsAt: number;
}

@Injectable()
export class DevicePlans {
  constructor(@Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase) {}

  /** Records the plan an upload was verified under; writes only when it changed (one read-free statement). */
  async record(macAddr: string, userId: number, plan: DevicePlan): Promise<void> {
    const endsAt = new Date(plan.planEndsAt);
    await this.db.client.$executeRaw`
      INSERT INTO "storage"."device_plan" (mac_addr, user_id, retention_days, plan_ends_at, updated_at)
      VALUES (${macAddr}, ${userId}::int, ${plan.retentionDays}::int, ${endsAt}::timestamptz, now())
      ON CONFLICT (mac_addr, user_id) DO UPDATE SET retention_days = EXCLUDED.retention_days, plan_ends_at = EXCLUDED.plan_ends_at, updated_at = now()
      WHERE (device_plan.retention_days, device_plan.plan_ends_at) IS DISTINCT FROM (EXCLUDED.retention_days, EXCLUDED.plan_ends_at)`;
  }

  async find(macAddr: string, userId: number): Promise<DevicePlan | undefined> {
    const row = await this.db.client.devicePlan.findUnique({ where: { macAddr_userId: { macAddr, userId } } });
    return row ? { retentionDays: row.retentionDays, planEndsAt: row.planEndsAt.getTime() } : undefined;
  }
}

/**
 * storage.device_plan (decisions CU6): the cloud-recording plan a device's camera last uploaded under — its
 * rolling retention and its end. What playback shows and what retention purges follow from it.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, serviceDatabaseToken } from '@dcp/runtime';
import { BoundedTtlCache } from '../session/bounded-ttl-cache';
import type { StorageDatabase } from '../storage-database.types';

export interface DevicePlan {
  retentionDays: number;
  /** Epoch ms. */
  planEndsAt: number;
}

/** How long this replica remembers what it recorded: a camera's uploads then skip the statement in between. */
const RECORDED_TTL_MS = 60_000;
const RECORDED_MAX_DEVICES = 100_000;

@Injectable()
export class DevicePlans {
  /** What this replica last recorded per device and owner (the plan changes rarely; a camera uploads every few seconds). */
  private readonly recorded: BoundedTtlCache<string, string>;

  constructor(
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    @Inject(RUNTIME_CLOCK) clock: Clock,
  ) {
    this.recorded = new BoundedTtlCache(clock, RECORDED_TTL_MS, RECORDED_MAX_DEVICES);
  }

  /** Records the plan an upload was verified under; writes only when it changed (one read-free statement). */
  async record(macAddr: string, userId: number, plan: DevicePlan): Promise<void> {
    const key = `${macAddr}/${userId}`;
    const value = `${plan.retentionDays}/${plan.planEndsAt}`;
    if (this.recorded.get(key) === value) return;
    await this.write(macAddr, userId, plan);
    this.recorded.set(key, value);
  }

  private async write(macAddr: string, userId: number, plan: DevicePlan): Promise<void> {
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

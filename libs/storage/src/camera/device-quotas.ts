/**
 * Per-device upload quotas (decisions CU7): bytes per UTC day and segments per minute, counted in
 * storage.device_usage (by UploadAdmission, with the upload's other checks). A refusal names the limit and
 * when to come back (Retry-After); the sweep forgets the counts of past days.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type PlatformError } from '@dcp/contracts';
import { RUNTIME_CONFIG, serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase } from '../storage-database.types';
import type { StorageConfig } from '../storage-config';
import { cameraRefusal } from './camera-request';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

@Injectable()
export class DeviceQuotas {
  constructor(
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads'>,
  ) {}

  /**
   * Why an upload of the device was not counted now (UploadAdmission): its minute's segments or its UTC day's
   * bytes, and when to come back (Retry-After).
   */
  async refusal(macAddr: string, nowMs: number): Promise<PlatformError> {
    const { quotaBytesPerDay, quotaSegmentsPerMinute } = this.config.cameraUploads;
    const day = Math.floor(nowMs / DAY_MS);
    const minute = BigInt(Math.floor(nowMs / MINUTE_MS));
    const usage = await this.usageOn(macAddr, day);
    const minuteFull = usage !== undefined && usage.minute === minute && usage.minuteSegments >= quotaSegmentsPerMinute;
    const retryAfterSeconds = minuteFull ? Math.ceil(((Number(minute) + 1) * MINUTE_MS - nowMs) / 1000) : Math.ceil(((day + 1) * DAY_MS - nowMs) / 1000);
    const what = minuteFull ? `${quotaSegmentsPerMinute} segments a minute` : `${quotaBytesPerDay} bytes a UTC day`;
    return cameraRefusal(ErrorCode.CAMERA_QUOTA_EXCEEDED, `device ${macAddr} reached its quota of ${what}: retry after ${retryAfterSeconds} s`, { retryAfterSeconds: Math.max(1, retryAfterSeconds) });
  }

  /** Removes the counts of days before `day` (UTC day number): quotas read only the current day's. */
  async forgetDaysBefore(day: number): Promise<number> {
    const { count } = await this.db.client.deviceUsage.deleteMany({ where: { day: { lt: day } } });
    return count;
  }

  /** What a device uploaded on a UTC day. */
  async usageOn(macAddr: string, day: number): Promise<{ bytes: number; segments: number; minute: bigint; minuteSegments: number } | undefined> {
    const row = await this.db.client.deviceUsage.findUnique({ where: { macAddr_day: { macAddr, day } } });
    return row ? { bytes: Number(row.bytes), segments: row.segments, minute: row.minute, minuteSegments: row.minuteSegments } : undefined;
  }
}

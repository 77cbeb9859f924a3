/**
 * The current service record of a device (spec 2.6) — docs/decisions.md P18–P21:
 * - a grant in service on the device (the one ending last wins): status 3, name/description = the plan's
 *   name, its period in epoch ms, validity "<n> days", flag 1 for a paid plan, 2 for a free one;
 * - otherwise, a device that supports cloud storage has the free 8-hour service: status 3, flag 2, no period;
 * - otherwise no service: status 0, flag 0, empty texts, no period.
 * Status 1 ("authorization failed") is never produced: a failure is an errorCode instead.
 */
import { isPaid } from '../catalogue/permission';
import type { Grant } from '../grants/grant';

export const SERVICE_STATUS = { none: 0, inService: 3 } as const;
export const SERVICE_FLAG = { none: 0, paid: 1, free: 2 } as const;
export const FREE_8_HOUR = { name: 'free 8-hour cloud storage', description: 'free cloud storage of the last 8 hours of recordings', validity: '8 hours' } as const;

export interface CurrentServiceRecord {
  userId: number;
  macAddr: string;
  name: string;
  description: string;
  startTime: number | null;
  endTime: number | null;
  validity: string;
  status: number;
  flag: number;
}

export function validityText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

export function decideCurrentService(input: { userId: number; macAddr: string; supportStore: boolean; inService: readonly Grant[] }): CurrentServiceRecord {
  const base = { userId: input.userId, macAddr: input.macAddr };
  const current = [...input.inService].sort((a, b) => (b.endTime ?? 0) - (a.endTime ?? 0) || b.grantId - a.grantId)[0];
  if (current) {
    return {
      ...base,
      name: current.permission.name,
      description: current.permission.name,
      startTime: current.startTime,
      endTime: current.endTime,
      validity: validityText(current.permission.durationDays),
      status: SERVICE_STATUS.inService,
      flag: isPaid(current.permission) ? SERVICE_FLAG.paid : SERVICE_FLAG.free,
    };
  }
  if (input.supportStore) {
    return { ...base, ...FREE_8_HOUR, startTime: null, endTime: null, status: SERVICE_STATUS.inService, flag: SERVICE_FLAG.free };
  }
  return { ...base, name: '', description: '', startTime: null, endTime: null, validity: '', status: SERVICE_STATUS.none, flag: SERVICE_FLAG.none };
}

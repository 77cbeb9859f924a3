/**
 * What a new alarm message looks like on the phone (decisions PS11): a title naming the alarm, a body naming the
 * device, and flat data the app reads to open the message, its picture and its recording (messageId, devId,
 * type, time, count, pictureUrl, recordSt). Apps that localise use `type` and `time` from the data.
 */
import { ALARM_TYPES } from '@dcp/contracts';
import type { ClaimedDelivery } from './delivery-queue';
import type { ProviderPush } from './providers/provider-push';

const TITLES: Record<number, string> = {
  [ALARM_TYPES.motion]: 'Motion detected',
  [ALARM_TYPES.sound]: 'Sound detected',
  [ALARM_TYPES.human]: 'Person detected',
  [ALARM_TYPES.doorbell]: 'Someone rang the doorbell',
  [ALARM_TYPES.offline]: 'Camera offline',
  [ALARM_TYPES.lowBattery]: 'Battery low',
  [ALARM_TYPES.tamper]: 'Camera tampered with',
  [ALARM_TYPES.vehicle]: 'Vehicle detected',
  [ALARM_TYPES.pet]: 'Pet detected',
  [ALARM_TYPES.package]: 'Package detected',
};

/** Seconds of recording before the alarm that its link starts at (the message center's recordSt). */
const RECORDING_LEAD_SECONDS = 10;

export function pushOf(d: ClaimedDelivery, pictureUrl: string | undefined, expiresAt: number): ProviderPush {
  const time = Math.floor(d.firstAt.getTime() / 1000);
  return {
    token: d.token ?? '',
    deliveryId: d.deliveryId,
    collapseId: d.messageId,
    title: TITLES[d.type] ?? 'Alarm',
    body: `Camera ${d.macAddr}`,
    data: {
      messageId: d.messageId,
      devId: d.macAddr,
      type: String(d.type),
      time: String(time),
      count: String(d.count),
      recordSt: String(time - RECORDING_LEAD_SECONDS),
      ...(pictureUrl ? { pictureUrl } : {}),
    },
    ...(pictureUrl ? { imageUrl: pictureUrl } : {}),
    expiresAt,
  };
}

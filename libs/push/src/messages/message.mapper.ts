/** A message as the app reads it (push_message.list, alarmMessageSchema). */
import type { z } from 'zod';
import type { alarmMessageSchema } from '@dcp/contracts';
import type { AlarmMessage } from './alarm-message';

/** How far before the alarm its recording is offered (record.play / record.query from there). */
const RECORDING_LEAD_S = 10;

export function toMessageView(m: AlarmMessage, pictureUrl: (id: string) => string): z.infer<typeof alarmMessageSchema> {
  const time = Math.floor(m.firstAt / 1000);
  return {
    messageId: m.id,
    devId: m.macAddr,
    type: m.type,
    time,
    lastTime: Math.floor(m.lastAt / 1000),
    count: m.count,
    read: m.read,
    pictureUrl: m.hasPicture ? pictureUrl(m.id) : '',
    recordSt: time - RECORDING_LEAD_S,
  };
}

import type { PushSwitchRecord } from './switch.repository';

export function toSwitchView(s: PushSwitchRecord) {
  return { devId: s.macAddr, type: s.type, enabled: s.enabled };
}

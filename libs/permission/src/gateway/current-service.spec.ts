import { makeGrant, makePermission, T0 } from '../test/factories';
import { decideCurrentService, validityText } from './current-service';

const DAY = 86_400_000;
const MAC = 'AABBCCDDEEFF';

describe('current service decision (spec 2.6)', () => {
  const active = (type: number, days: number, endTime: number, name = `plan ${type}/${days}`) =>
    makeGrant({ grantStatus: 3, ipcMac: MAC, startTime: T0, endTime, permission: makePermission({ type, durationDays: days, name }) });

  it('a paid grant in service: status 3, flag 1, its name, period in ms and validity in days', () => {
    expect(decideCurrentService({ userId: 7, macAddr: MAC, supportStore: true, inService: [active(1, 30, T0 + 30 * DAY, 'Cloud 30')] })).toEqual({
      userId: 7,
      macAddr: MAC,
      name: 'Cloud 30',
      description: 'Cloud 30',
      startTime: T0,
      endTime: T0 + 30 * DAY,
      validity: '30 days',
      status: 3,
      flag: 1,
    });
  });

  it('a free grant in service: flag 2', () => {
    expect(decideCurrentService({ userId: 7, macAddr: MAC, supportStore: false, inService: [active(2, 7, T0 + 7 * DAY)] })).toMatchObject({ status: 3, flag: 2, validity: '7 days' });
    expect(decideCurrentService({ userId: 7, macAddr: MAC, supportStore: false, inService: [active(3, 1, T0 + DAY)] })).toMatchObject({ status: 3, flag: 2, validity: '1 day' });
  });

  it('several grants in service: the one ending last wins', () => {
    const record = decideCurrentService({ userId: 7, macAddr: MAC, supportStore: true, inService: [active(2, 7, T0 + 7 * DAY, 'short'), active(1, 90, T0 + 90 * DAY, 'long'), active(1, 30, T0 + 30 * DAY, 'mid')] });
    expect(record).toMatchObject({ name: 'long', flag: 1, endTime: T0 + 90 * DAY });
  });

  it('no grant, device supports cloud storage: the free 8-hour service (status 3, flag 2, no period)', () => {
    expect(decideCurrentService({ userId: 7, macAddr: MAC, supportStore: true, inService: [] })).toEqual({
      userId: 7,
      macAddr: MAC,
      name: 'free 8-hour cloud storage',
      description: 'free cloud storage of the last 8 hours of recordings',
      startTime: null,
      endTime: null,
      validity: '8 hours',
      status: 3,
      flag: 2,
    });
  });

  it('no grant, no cloud storage: no service (status 0, flag 0, empty texts)', () => {
    expect(decideCurrentService({ userId: 7, macAddr: MAC, supportStore: false, inService: [] })).toEqual({
      userId: 7,
      macAddr: MAC,
      name: '',
      description: '',
      startTime: null,
      endTime: null,
      validity: '',
      status: 0,
      flag: 0,
    });
  });

  it('validity text', () => {
    expect([validityText(1), validityText(2), validityText(365)]).toEqual(['1 day', '2 days', '365 days']);
  });
});

import { makeGrant, makePermission, T0 } from '../test/factories';
import { toAuthorizationRecord, toGrantView } from './grant.mapper';

describe('grant mappers', () => {
  const permission = makePermission({ code: 'cloud-30', name: 'Cloud 30 days', type: 1, durationDays: 30, belongServer: 'cloud', channelCount: 2, bpi: true });

  it('spec 2.5 record: exactly its fields, ipcMac "" while unbound, permissionValue = durationDays, userTag "", no streamId', () => {
    const record = toAuthorizationRecord(makeGrant({ grantId: 12, permission, initTime: T0 }));
    expect(record).toStrictEqual({
      grantId: 12,
      ipcMac: '',
      permissionCode: 'cloud-30',
      permissionName: 'Cloud 30 days',
      permissionType: 1,
      permissionValue: 30,
      grantStatus: 1,
      userTag: '',
      belongServer: 'cloud',
      initTime: T0,
      channelCount: 2,
    });
    expect('streamId' in record).toBe(false);
  });

  it('spec 2.5 record of an active grant carries its canonical MAC and status 3', () => {
    const record = toAuthorizationRecord(makeGrant({ permission, grantStatus: 3, ipcMac: 'AABBCCDDEEFF', startTime: T0, endTime: T0 + 1 }));
    expect(record).toMatchObject({ ipcMac: 'AABBCCDDEEFF', grantStatus: 3 });
  });

  it('operator view: owner, period and revocation (ISO time)', () => {
    const view = toGrantView(makeGrant({ grantId: 5, permission, userId: 9, openId: 'o9', revokedAt: T0, revokeReason: 'user-deleted' }));
    expect(view).toEqual({
      grantId: 5,
      openId: 'o9',
      userId: 9,
      ipcMac: null,
      permissionCode: 'cloud-30',
      permissionName: 'Cloud 30 days',
      permissionType: 1,
      grantStatus: 1,
      initTime: T0,
      startTime: null,
      endTime: null,
      revokedAt: new Date(T0).toISOString(),
      revokeReason: 'user-deleted',
    });
  });
});

import { deviceRecordSchema } from '@dcp/contracts';
import { makeDevice } from '../test/factories';
import { toDeviceRecord } from './device.mapper';

describe('toDeviceRecord', () => {
  const device = makeDevice({
    macAddr: 'AABBCCDDEEFF',
    userId: 42,
    deviceName: 'Porch',
    productName: 'CAM-2',
    username: 'admin',
    hasusertag: 1,
    supportStore: 1,
    supportRichMedia: 0,
    oemCode: 'ACME',
  });

  it('is the spec 2.4 record with userId and the password as sent — nothing internal', () => {
    const record = toDeviceRecord(device, 'ENC(pw)');
    expect(record).toEqual({
      userId: 42,
      macAddr: 'AABBCCDDEEFF',
      deviceName: 'Porch',
      productName: 'CAM-2',
      username: 'admin',
      password: 'ENC(pw)',
      hasusertag: 1,
      supportStore: 1,
      supportRichMedia: 0,
      oemCode: 'ACME',
    });
    expect(deviceRecordSchema.strict().parse(record)).toEqual(record);
  });
});

import { ErrorCode } from '@dcp/contracts';
import { MemoryDevices, failure, fakeConfig, user, userCall } from '../test/fakes';
import { AddDeviceUseCase } from './add-device.use-case';
import { DeleteDeviceUseCase } from './delete-device.use-case';
import { DevicePasswords } from './device-passwords';
import { FindBoundDevicesUseCase } from './find-bound-devices.use-case';
import { FindUserDeviceUseCase } from './find-user-device.use-case';
import { GetUserDeviceUseCase } from './get-user-device.use-case';
import { ListUserDevicesUseCase } from './list-user-devices.use-case';
import { UpdateDeviceUseCase } from './update-device.use-case';

describe('device use cases', () => {
  const ann = user(1);
  const bob = user(2);
  let devices: MemoryDevices;
  let passwords: DevicePasswords;
  let add: AddDeviceUseCase;
  let update: UpdateDeviceUseCase;
  let remove: DeleteDeviceUseCase;
  let list: ListUserDevicesUseCase;
  let get: GetUserDeviceUseCase;
  let find: FindUserDeviceUseCase;

  beforeEach(() => {
    devices = new MemoryDevices();
    passwords = new DevicePasswords(fakeConfig());
    add = new AddDeviceUseCase(devices, passwords);
    update = new UpdateDeviceUseCase(devices, passwords);
    remove = new DeleteDeviceUseCase(devices);
    list = new ListUserDevicesUseCase(devices, passwords);
    get = new GetUserDeviceUseCase(devices, passwords);
    find = new FindUserDeviceUseCase(devices, passwords);
  });

  const addParams = (macAddr: string, over: Record<string, string> = {}) => ({
    macAddr,
    deviceName: 'Hall',
    username: 'admin',
    password: 'ENC(abc)',
    hasusertag: '0',
    supportStore: '1',
    supportRichMedia: '1',
    productName: 'CAM',
    oemCode: 'ACME',
    ...over,
  });

  describe('addOemDevice', () => {
    it('binds the device under its canonical MAC with the password encrypted, and enqueues device.bound', async () => {
      await expect(add.execute(userCall(ann, addParams('aa-bb-cc-dd-ee-01'), 'addOemDevice'))).resolves.toEqual({});
      expect(devices.rows[0]).toMatchObject({ macAddr: 'AABBCCDDEE01', userId: 1, hasusertag: 0, supportStore: 1, oemCode: 'ACME' });
      expect(devices.rows[0].passwordCiphertext).not.toContain('ENC(abc)');
      expect(passwords.decrypt(devices.rows[0])).toBe('ENC(abc)');
      expect(devices.bound).toEqual([{ macAddr: 'AABBCCDDEE01', userId: 1, oemCode: 'ACME' }]);
      });

    it('answers 020040 to the owner and 020042 to anyone else', async () => {
      await add.execute(userCall(ann, addParams('AABBCCDDEE01'), 'addOemDevice'));
      expect((await failure(add.execute(userCall(ann, addParams('aa:bb:cc:dd:ee:01'), 'addOemDevice')))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS);
      expect((await failure(add.execute(userCall(bob, addParams('AA-BB-CC-DD-EE-01'), 'addOemDevice')))).code).toBe(ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS);
      expect(devices.bound).toHaveLength(1);
    });

    it('losing a race (the unique MAC refuses the insert) reports who won, never 000099', async () => {
      devices.beforeBind = (d) => {
        devices.beforeBind = undefined;
        devices.rows.push({ ...d, id: 99, userId: bob.userId, createdAt: new Date(), updatedAt: new Date() });
      };
      expect((await failure(add.execute(userCall(ann, addParams('AABBCCDDEE02'), 'addOemDevice')))).code).toBe(ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS);
      devices.beforeBind = (d) => {
        devices.beforeBind = undefined;
        devices.rows.push({ ...d, id: 100, createdAt: new Date(), updatedAt: new Date() });
      };
      expect((await failure(add.execute(userCall(ann, addParams('AABBCCDDEE03'), 'addOemDevice')))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS);
    });

    it('retries when the winner of a race is gone by the time it is looked up', async () => {
      let conflicts = 1;
      devices.beforeBind = () => {
        if (conflicts-- > 0) throw Object.assign(new Error('unique'), { code: 'P2002' });
      };
      await expect(add.execute(userCall(ann, addParams('AABBCCDDEE04'), 'addOemDevice'))).resolves.toEqual({});
      expect(devices.rows).toHaveLength(1);
    });

    it('never sees hasusertag 1 or a malformed MAC: the catalogue refuses them with 000006 naming the parameter', () => {
      expect(() => userCall(ann, addParams('AABBCCDDEE05', { hasusertag: '1' }), 'addOemDevice')).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('hasusertag') }));
      expect(() => userCall(ann, addParams('AABBCCDDEE'), 'addOemDevice')).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('macAddr') }));
    });
  });

  describe('queries, update and delete are scoped to the user', () => {
    beforeEach(async () => {
      await add.execute(userCall(ann, addParams('AABBCCDDEE01', { hasusertag: '2' }), 'addOemDevice'));
      await add.execute(userCall(ann, addParams('AABBCCDDEE02'), 'addOemDevice'));
      await add.execute(userCall(bob, addParams('AABBCCDDEE03'), 'addOemDevice'));
    });

    it('lists the user\'s devices in the order added, with the password as sent', async () => {
      const { data } = await list.execute(userCall(ann, {}, 'getOemDeviceByUser'));
      expect((data as { macAddr: string }[]).map((d) => d.macAddr)).toEqual(['AABBCCDDEE01', 'AABBCCDDEE02']);
      expect(data).toEqual([expect.objectContaining({ userId: 1, password: 'ENC(abc)', hasusertag: 2 }), expect.objectContaining({ hasusertag: 0 })]);
    });

    it('gets one device by any MAC form; another user\'s is 020041', async () => {
      expect((await get.execute(userCall(ann, { macAddr: 'aabbccddee01' }, 'getOemDeviceByUserAndMac'))).data).toMatchObject({ macAddr: 'AABBCCDDEE01', userId: 1 });
      expect((await failure(get.execute(userCall(ann, { macAddr: 'AABBCCDDEE03' }, 'getOemDeviceByUserAndMac')))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    });

    it('updates only what was given, re-encrypting a new password; another user\'s device is 020041', async () => {
      await expect(update.execute(userCall(ann, { macAddr: 'aa-bb-cc-dd-ee-01', productName: 'CAM-X', password: 'ENC(new)', supportStore: '0' }, 'updateOemDevice'))).resolves.toEqual({});
      expect((await get.execute(userCall(ann, { macAddr: 'AABBCCDDEE01' }, 'getOemDeviceByUserAndMac'))).data).toMatchObject({ productName: 'CAM-X', password: 'ENC(new)', supportStore: 0, deviceName: 'Hall', hasusertag: 2 });
      expect((await failure(update.execute(userCall(ann, { macAddr: 'AABBCCDDEE03', deviceName: 'mine' }, 'updateOemDevice')))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
      expect(() => userCall(ann, { macAddr: 'AABBCCDDEE01', hasusertag: '1' }, 'updateOemDevice')).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER }));
    });

    it('deletes the user\'s device (device.unbound reason user); another user\'s is 020041 and stays', async () => {
      await expect(remove.execute(userCall(ann, { macAddr: 'AABBCCDDEE02' }, 'delOemDeviceByMac'))).resolves.toEqual({});
      expect(devices.unbound).toEqual([{ macAddr: 'AABBCCDDEE02', userId: 1, reason: 'user' }]);
      expect((await failure(remove.execute(userCall(ann, { macAddr: 'AABBCCDDEE03' }, 'delOemDeviceByMac')))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
      expect(devices.rows.map((d) => d.macAddr)).toEqual(['AABBCCDDEE01', 'AABBCCDDEE03']);
    });

    it('findUserDevice: the owner\'s record, else null (also for a malformed MAC)', async () => {
      expect((await find.execute({ userId: 1, macAddr: 'aa:bb:cc:dd:ee:01' })).device).toMatchObject({ macAddr: 'AABBCCDDEE01' });
      expect(await find.execute({ userId: 1, macAddr: 'AABBCCDDEE03' })).toEqual({ device: null });
      expect(await find.execute({ userId: 1, macAddr: 'garbage' })).toEqual({ device: null });
    });

    it('boundDevices: the pairs bound now, canonical whatever the spelling; another user\'s device, an unknown or malformed MAC left out (SDD1)', async () => {
      const bound = new FindBoundDevicesUseCase(devices);
      const { bound: answered } = await bound.execute({
        pairs: [
          { userId: 1, macAddr: 'aa:bb:cc:dd:ee:01' },
          { userId: 1, macAddr: 'AA-BB-CC-DD-EE-02' },
          { userId: 1, macAddr: 'aabbccddee02' },
          { userId: 1, macAddr: 'AABBCCDDEE03' },
          { userId: 2, macAddr: 'AABBCCDDEE01' },
          { userId: 2, macAddr: 'aabbccddee03' },
          { userId: 1, macAddr: 'AABBCCDDEE99' },
          { userId: 1, macAddr: 'garbage' },
        ],
      });
      expect(answered).toEqual([
        { userId: 1, macAddr: 'AABBCCDDEE01' },
        { userId: 1, macAddr: 'AABBCCDDEE02' },
        { userId: 2, macAddr: 'AABBCCDDEE03' },
      ]);
      expect(await bound.execute({ pairs: [] })).toEqual({ bound: [] });
    });
  });
});

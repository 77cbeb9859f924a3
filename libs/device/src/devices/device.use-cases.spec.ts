import { type AuthenticatedUser, ErrorCode } from '@dcp/contracts';
import { type WireParamsOf, makeUser, makeUserCall } from '@dcp/testing';
import { makeAddDeviceParams, makeDevice } from '../test/factories';
import { MemoryDevices, failure, fakeConfig } from '../test/fakes';
import { AddDeviceUseCase } from './add-device.use-case';
import { DeleteDeviceUseCase } from './delete-device.use-case';
import { DevicePasswords } from './device-passwords';
import { FindBoundDevicesUseCase } from './find-bound-devices.use-case';
import { FindUserDeviceUseCase } from './find-user-device.use-case';
import { GetUserDeviceUseCase } from './get-user-device.use-case';
import { ListUserDevicesUseCase } from './list-user-devices.use-case';
import { UpdateDeviceUseCase } from './update-device.use-case';

describe('device use cases', () => {
  const ann = makeUser({ userId: 1 });
  const bob = makeUser({ userId: 2 });
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

  /** addOemDevice from `u`: the values the expectations below name, then `params`. */
  const addCall = (u: AuthenticatedUser, params: WireParamsOf<'addOemDevice'>) =>
    makeUserCall('addOemDevice', u, makeAddDeviceParams({ deviceName: 'Hall', password: 'ENC(abc)', hasusertag: '0', supportStore: '1', oemCode: 'ACME', ...params }));

  describe('addOemDevice', () => {
    it('binds the device under its canonical MAC with the password encrypted, and enqueues device.bound', async () => {
      await expect(add.execute(addCall(ann, { macAddr: 'aa-bb-cc-dd-ee-01' }))).resolves.toEqual({});
      expect(devices.rows[0]).toMatchObject({ macAddr: 'AABBCCDDEE01', userId: 1, hasusertag: 0, supportStore: 1, oemCode: 'ACME' });
      expect(devices.rows[0].passwordCiphertext).not.toContain('ENC(abc)');
      expect(passwords.decrypt(devices.rows[0])).toBe('ENC(abc)');
      expect(devices.bound).toEqual([{ macAddr: 'AABBCCDDEE01', userId: 1, oemCode: 'ACME' }]);
    });

    it('answers 020040 to the owner and 020042 to anyone else', async () => {
      await add.execute(addCall(ann, { macAddr: 'AABBCCDDEE01' }));
      expect((await failure(add.execute(addCall(ann, { macAddr: 'aa:bb:cc:dd:ee:01' })))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS);
      expect((await failure(add.execute(addCall(bob, { macAddr: 'AA-BB-CC-DD-EE-01' })))).code).toBe(ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS);
      expect(devices.bound).toHaveLength(1);
    });

    it('losing a race (the unique MAC refuses the insert) reports who won, never 000099', async () => {
      devices.beforeBind = (d) => {
        devices.beforeBind = undefined;
        devices.rows.push(makeDevice({ ...d, id: 99, userId: bob.userId }));
      };
      expect((await failure(add.execute(addCall(ann, { macAddr: 'AABBCCDDEE02' })))).code).toBe(ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS);
      devices.beforeBind = (d) => {
        devices.beforeBind = undefined;
        devices.rows.push(makeDevice({ ...d, id: 100 }));
      };
      expect((await failure(add.execute(addCall(ann, { macAddr: 'AABBCCDDEE03' })))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS);
    });

    it('retries when the winner of a race is gone by the time it is looked up', async () => {
      let conflicts = 1;
      devices.beforeBind = () => {
        if (conflicts-- > 0) throw Object.assign(new Error('unique'), { code: 'P2002' });
      };
      await expect(add.execute(addCall(ann, { macAddr: 'AABBCCDDEE04' }))).resolves.toEqual({});
      expect(devices.rows).toHaveLength(1);
    });

    it('never sees hasusertag 1 or a malformed MAC: the catalogue refuses them with 000006 naming the parameter', () => {
      expect(() => addCall(ann, { macAddr: 'AABBCCDDEE05', hasusertag: '1' })).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('hasusertag') }));
      expect(() => addCall(ann, { macAddr: 'AABBCCDDEE' })).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('macAddr') }));
    });
  });

  describe('queries, update and delete are scoped to the user', () => {
    beforeEach(async () => {
      await add.execute(addCall(ann, { macAddr: 'AABBCCDDEE01', hasusertag: '2' }));
      await add.execute(addCall(ann, { macAddr: 'AABBCCDDEE02' }));
      await add.execute(addCall(bob, { macAddr: 'AABBCCDDEE03' }));
    });

    it('lists the user\'s devices in the order added, with the password as sent', async () => {
      const { data } = await list.execute(makeUserCall('getOemDeviceByUser', ann));
      expect((data as { macAddr: string }[]).map((d) => d.macAddr)).toEqual(['AABBCCDDEE01', 'AABBCCDDEE02']);
      expect(data).toEqual([expect.objectContaining({ userId: 1, password: 'ENC(abc)', hasusertag: 2 }), expect.objectContaining({ hasusertag: 0 })]);
    });

    it('gets one device by any MAC form; another user\'s is 020041', async () => {
      expect((await get.execute(makeUserCall('getOemDeviceByUserAndMac', ann, { macAddr: 'aabbccddee01' }))).data).toMatchObject({ macAddr: 'AABBCCDDEE01', userId: 1 });
      expect((await failure(get.execute(makeUserCall('getOemDeviceByUserAndMac', ann, { macAddr: 'AABBCCDDEE03' })))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    });

    it('updates only what was given, re-encrypting a new password; another user\'s device is 020041', async () => {
      await expect(update.execute(makeUserCall('updateOemDevice', ann, { macAddr: 'aa-bb-cc-dd-ee-01', productName: 'CAM-X', password: 'ENC(new)', supportStore: '0' }))).resolves.toEqual({});
      expect((await get.execute(makeUserCall('getOemDeviceByUserAndMac', ann, { macAddr: 'AABBCCDDEE01' }))).data).toMatchObject({ productName: 'CAM-X', password: 'ENC(new)', supportStore: 0, deviceName: 'Hall', hasusertag: 2 });
      expect((await failure(update.execute(makeUserCall('updateOemDevice', ann, { macAddr: 'AABBCCDDEE03', deviceName: 'mine' })))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
      expect(() => makeUserCall('updateOemDevice', ann, { macAddr: 'AABBCCDDEE01', hasusertag: '1' })).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER }));
    });

    it('deletes the user\'s device (device.unbound reason user); another user\'s is 020041 and stays', async () => {
      await expect(remove.execute(makeUserCall('delOemDeviceByMac', ann, { macAddr: 'AABBCCDDEE02' }))).resolves.toEqual({});
      expect(devices.unbound).toEqual([{ macAddr: 'AABBCCDDEE02', userId: 1, reason: 'user' }]);
      expect((await failure(remove.execute(makeUserCall('delOemDeviceByMac', ann, { macAddr: 'AABBCCDDEE03' })))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
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

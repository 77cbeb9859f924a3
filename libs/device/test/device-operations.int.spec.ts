/**
 * The five user-scoped device operations (spec 4.4) against real PostgreSQL: records, ownership, MAC forms,
 * the password at rest, events through the outbox, and the race of two concurrent adds.
 */
import { BOUND_DEVICES_MAX_PAIRS, DEVICE_RPC, ErrorCode, EVENTS, type AuthenticatedUser, colonMac } from '@dcp/contracts';
import { describeWithInfra, expectEvent } from '@dcp/testing';
import { isUniqueViolation } from '@dcp/database';
import { SecretBox } from '@dcp/signing';
import { DeviceRepository } from '../src/devices/device.repository';
import { type DeviceHarness, newUser, randomMac, rejection, startDeviceHarness } from './device-harness';

const OP = (name: string) => `user_ipc_setting_v2_0.${name}`;

function addParams(macAddr: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    macAddr,
    deviceName: 'Front door',
    username: 'admin',
    password: 'ENC(s3cr3t==)',
    hasusertag: '2',
    supportStore: '1',
    supportRichMedia: '0',
    productName: 'CAM-1000',
    oemCode: 'ACME',
    ...extra,
  };
}

describeWithInfra(['postgres'], 'device: user operations (PostgreSQL)', () => {
  let h: DeviceHarness;
  beforeAll(async () => {
    h = await startDeviceHarness();
  });
  afterAll(() => h?.close());

  const add = (user: AuthenticatedUser, mac: string, extra: Record<string, string> = {}) => h.gateway(OP('addOemDevice'), addParams(mac, extra), user);
  const get = (user: AuthenticatedUser, macAddr: string) => h.gateway(OP('getOemDeviceByUserAndMac'), { macAddr }, user);
  const list = (user: AuthenticatedUser) => h.gateway(OP('getOemDeviceByUser'), {}, user);

  it('adds a device, publishes device.bound, and returns the record with userId in canonical MAC form', async () => {
    const user = newUser();
    const bound = await expectEvent(h.runtime.events, EVENTS.deviceBound.subject, (e) => (e.data as { userId: number }).userId === user.userId);
    await expect(add(user, 'a1b2c3d4e5f6')).resolves.toEqual({});
    expect((await bound.arrived).data).toEqual({ macAddr: 'A1B2C3D4E5F6', userId: user.userId, oemCode: 'ACME' });
    const record = {
      userId: user.userId,
      macAddr: 'A1B2C3D4E5F6',
      deviceName: 'Front door',
      productName: 'CAM-1000',
      username: 'admin',
      password: 'ENC(s3cr3t==)',
      hasusertag: 2,
      supportStore: 1,
      supportRichMedia: 0,
      oemCode: 'ACME',
    };
    for (const form of ['A1:B2:C3:D4:E5:F6', 'a1-b2-c3-d4-e5-f6', 'A1B2C3D4E5F6', 'a1:b2:c3:d4:e5:f6']) {
      expect(await get(user, form)).toEqual({ data: record });
    }
    expect(await list(user)).toEqual({ data: [record] });
  });

  it('stores the password encrypted, bound to the MAC', async () => {
    const user = newUser();
    const mac = randomMac();
    await add(user, mac, { password: 'plain-looking-password' });
    const { rows } = await h.sql.query('SELECT password_ciphertext FROM device.device WHERE mac_addr = $1', [mac]);
    expect(rows[0].password_ciphertext).toMatch(/^v2\./);
    expect(rows[0].password_ciphertext).not.toContain('plain-looking-password');
    // Bound to the canonical MAC (12 hex digits), not to any other spelling of it.
    const box = new SecretBox(Buffer.from(h.secretsKey, 'hex'));
    expect(box.decrypt(rows[0].password_ciphertext, mac)).toBe('plain-looking-password');
    expect(() => box.decrypt(rows[0].password_ciphertext, colonMac(mac)!)).toThrow();
  });

  it('lists a user\'s devices in the order they were added, never another user\'s', async () => {
    const user = newUser();
    const other = newUser();
    const macs = [randomMac(), randomMac(), randomMac()];
    for (const mac of macs) await add(user, mac);
    await add(other, randomMac());
    const { data } = await list(user);
    expect((data as { macAddr: string }[]).map((d) => d.macAddr)).toEqual(macs);
    expect(await list(newUser())).toEqual({ data: [] });
  });

  it('answers 020040 when the user already has the device and 020042 when another user has it, in any MAC form', async () => {
    const owner = newUser();
    const mac = randomMac();
    await add(owner, mac);
    expect((await rejection(add(owner, mac.toLowerCase()))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS);
    const err = await rejection(add(newUser(), colonMac(mac)!.replace(/:/g, '-')));
    expect(err.code).toBe(ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS);
    expect(err.failureDetails).toContain(mac);
  });

  it('refuses a malformed MAC with 000006 naming macAddr', async () => {
    for (const bad of ['AA:BB:CC:DD:EE', 'AA:BB-CC:DD:EE:FF', 'GG:BB:CC:DD:EE:FF', 'AABBCCDDEEFF00']) {
      const err = await rejection(add(newUser(), bad));
      expect(err).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: 'parameter macAddr is not a MAC address (12 hex digits, optionally separated by ":" or "-")' });
      expect((await rejection(get(newUser(), bad))).code).toBe(ErrorCode.FC_INVALID_PARAMETER);
    }
  });

  it('updates only the given fields of the user\'s own device', async () => {
    const user = newUser();
    const mac = randomMac();
    await add(user, mac);
    await expect(h.gateway(OP('updateOemDevice'), { macAddr: mac.toLowerCase(), deviceName: 'Garden', password: 'ENC(new)', hasusertag: '0' }, user)).resolves.toEqual({});
    expect((await get(user, mac)).data).toMatchObject({ deviceName: 'Garden', password: 'ENC(new)', hasusertag: 0, username: 'admin', productName: 'CAM-1000', supportStore: 1 });
    // No field at all still answers for the device.
    await expect(h.gateway(OP('updateOemDevice'), { macAddr: mac }, user)).resolves.toEqual({});
  });

  it('keeps each user to their own devices: another user\'s device is 020041 to get, update and delete', async () => {
    const owner = newUser();
    const intruder = newUser();
    const mac = randomMac();
    await add(owner, mac);
    for (const form of [mac, mac.toLowerCase(), colonMac(mac)!, colonMac(mac)!.replace(/:/g, '-')]) {
      expect((await rejection(get(intruder, form))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
      expect((await rejection(h.gateway(OP('updateOemDevice'), { macAddr: form, deviceName: 'Mine now' }, intruder))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
      expect((await rejection(h.gateway(OP('delOemDeviceByMac'), { macAddr: form }, intruder))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    }
    expect((await get(owner, mac)).data).toMatchObject({ deviceName: 'Front door', userId: owner.userId });
  });

  it('deletes the user\'s device, publishing device.unbound (reason user); then it is 020041 and can be added again', async () => {
    const user = newUser();
    const mac = randomMac();
    await add(user, mac);
    const unbound = await expectEvent(h.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac);
    await expect(h.gateway(OP('delOemDeviceByMac'), { macAddr: mac.toLowerCase() }, user)).resolves.toEqual({});
    expect((await unbound.arrived).data).toEqual({ macAddr: mac, userId: user.userId, reason: 'user' });
    expect((await rejection(get(user, mac))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    expect((await rejection(h.gateway(OP('delOemDeviceByMac'), { macAddr: mac }, user))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    expect((await rejection(h.gateway(OP('updateOemDevice'), { macAddr: mac, deviceName: 'x' }, user))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    const someoneElse = newUser();
    await expect(add(someoneElse, mac)).resolves.toEqual({});
    expect((await get(someoneElse, mac)).data).toMatchObject({ userId: someoneElse.userId });
  });

  it('concurrent adds of one MAC: exactly one wins, the others get 020040/020042 (never 000099), one device.bound', async () => {
    const mac = randomMac();
    const users = [newUser(), newUser(), newUser(), newUser()];
    const same = users[0];
    const results = await Promise.allSettled([...users.map((u) => add(u, mac)), add(same, mac), add(same, mac)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const owner = (await h.sql.query('SELECT user_id FROM device.device WHERE mac_addr = $1', [mac])).rows[0].user_id as number;
    const codes = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code: string }).code);
    expect(codes).toHaveLength(5);
    for (const code of codes) expect([ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS, ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS]).toContain(code);
    // Each loser is told the truth about who won.
    const losers = [...users, same, same].filter((_, i) => results[i].status === 'rejected');
    losers.forEach((u, i) => expect(codes[i]).toBe(u.userId === owner ? ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS : ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS));
    const events = await h.sql.query(`SELECT count(*)::int AS n FROM device.outbox_event WHERE subject = $1 AND payload->'data'->>'macAddr' = $2`, [EVENTS.deviceBound.subject, mac]);
    expect(events.rows[0].n).toBe(1);
  });

  it('the database itself refuses a second binding of one MAC, recognised as a unique violation (what the race relies on)', async () => {
    const repo = h.module.get(DeviceRepository);
    const mac = randomMac();
    const row = { macAddr: mac, userId: newUser().userId, deviceName: 'd', productName: 'p', username: 'u', passwordCiphertext: 'v1.x', hasusertag: 0, supportStore: 0, supportRichMedia: 0, oemCode: 'ACME' };
    await repo.bind(row);
    const err = await repo.bind({ ...row, userId: newUser().userId }).then(() => undefined, (e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    // The failed transaction left no event behind.
    const events = await h.sql.query(`SELECT count(*)::int AS n FROM device.outbox_event WHERE payload->'data'->>'macAddr' = $1`, [mac]);
    expect(events.rows[0].n).toBe(1);
  });

  it('findUserDevice answers the owner\'s record for any MAC form, null for others and malformed MACs', async () => {
    const user = newUser();
    const mac = randomMac();
    await add(user, mac);
    expect((await h.rpc(DEVICE_RPC.findUserDevice, { userId: user.userId, macAddr: colonMac(mac)!.toLowerCase().replace(/:/g, '-') })).device).toMatchObject({ macAddr: mac, userId: user.userId, password: 'ENC(s3cr3t==)' });
    expect(await h.rpc(DEVICE_RPC.findUserDevice, { userId: newUser().userId, macAddr: mac })).toEqual({ device: null });
    expect(await h.rpc(DEVICE_RPC.findUserDevice, { userId: user.userId, macAddr: 'not-a-mac' })).toEqual({ device: null });
  });

  it('boundDevices answers, in one call, the pairs bound now in canonical form; other users\' devices, unknown and malformed MACs are left out (SDD1)', async () => {
    const ann = newUser();
    const bob = newUser();
    const [annMac, bobMac, nobodys] = [randomMac(), randomMac(), randomMac()];
    await add(ann, annMac);
    await add(bob, bobMac);
    const pairs = [
      { userId: ann.userId, macAddr: colonMac(annMac)!.toLowerCase() },
      { userId: ann.userId, macAddr: bobMac },
      { userId: ann.userId, macAddr: nobodys },
      { userId: ann.userId, macAddr: 'not-a-mac' },
      { userId: bob.userId, macAddr: bobMac.toLowerCase().replace(/(..)(?!$)/g, '$1-') },
    ];
    const { bound } = await h.rpc(DEVICE_RPC.boundDevices, { pairs });
    expect(bound.sort((a, b) => a.userId - b.userId)).toEqual([
      { userId: ann.userId, macAddr: annMac },
      { userId: bob.userId, macAddr: bobMac },
    ].sort((a, b) => a.userId - b.userId));
    expect(await h.rpc(DEVICE_RPC.boundDevices, { pairs: [] })).toEqual({ bound: [] });
    // Bounded: one request names at most BOUND_DEVICES_MAX_PAIRS pairs.
    const tooMany = Array.from({ length: BOUND_DEVICES_MAX_PAIRS + 1 }, () => ({ userId: ann.userId, macAddr: annMac }));
    expect((await rejection(h.rpc(DEVICE_RPC.boundDevices, { pairs: tooMany }))).code).toBe(ErrorCode.FC_INVALID_PARAMETER);
  });
});

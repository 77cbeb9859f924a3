/**
 * The data migration to the canonical MAC of 12 hex digits (docs/decisions.md D1, D24, D25) against real
 * PostgreSQL. A database as the previous release left it (migrations up to the one before
 * `mac_canonical_hex`; devices stored in the colon form, their passwords encrypted with the colon form as
 * additional data) is migrated; then every operation finds those devices by the canonical MAC, in any
 * spelling, answers them in the canonical form and still decrypts their passwords. The migration applies
 * entirely or not at all.
 */
import { randomBytes } from 'node:crypto';
import { type AuthenticatedUser, DEVICE_RPC, ErrorCode, EVENTS } from '@dcp/contracts';
import { migrateService, migrationNames, migrationStatus, serviceDatabase } from '@dcp/database';
import { buildEvent } from '@dcp/messaging';
import { SecretBox, md5Hex } from '@dcp/signing';
import { createTestDatabase, describeWithInfra, expectEvent } from '@dcp/testing';
import { Client } from 'pg';
import { type DeviceHarness, rejection, startDeviceHarness } from './device-harness';

const MIGRATION = '_mac_canonical_hex';
const OP = (name: string) => `user_ipc_setting_v2_0.${name}`;
const OEM = 'MIGRATED';
const ann: AuthenticatedUser = { userId: 8101, openId: 'open8101', clientId: 'client-1', uuid: 'uuid-8101' };
const bob: AuthenticatedUser = { userId: 8102, openId: 'open8102', clientId: 'client-1', uuid: 'uuid-8102' };

const def = serviceDatabase('device');
/** The migration folders before ours, and ours with the ones after it. */
function split(): { before: string[]; rest: string[] } {
  const names = migrationNames(def);
  const ours = names.findIndex((n) => n.endsWith(MIGRATION));
  expect(ours).toBeGreaterThan(0);
  return { before: names.slice(0, ours), rest: names.slice(ours) };
}

/** A device row as the previous release wrote it: colon-form MAC, password bound to it. */
async function insertDevice(sql: Client, box: SecretBox | undefined, macAddr: string, user: AuthenticatedUser, password = `ENC(${macAddr})`): Promise<void> {
  await sql.query(
    `INSERT INTO device.device (mac_addr, user_id, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code, updated_at)
     VALUES ($1, $2, $3, 'CAM-1', 'admin', $4, 2, 1, 0, $5, now())`,
    [macAddr, user.userId, `cam ${macAddr}`, box ? box.encrypt(password, macAddr) : 'v1.x.y.z', OEM],
  );
}

describeWithInfra(['postgres'], 'device: devices stored in the colon form, after the migration to 12 hex digits (PostgreSQL)', () => {
  let h: DeviceHarness;
  let drop: () => Promise<void>;
  const secretsKey = randomBytes(32).toString('hex');

  beforeAll(async () => {
    const db = await createTestDatabase('dcp_device_mig');
    drop = db.drop;
    const { before, rest } = split();
    expect((await migrateService(def, { kind: 'postgres', url: db.url }, { upTo: before.at(-1) })).applied).toEqual(before);
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      const box = new SecretBox(Buffer.from(secretsKey, 'hex'));
      await insertDevice(sql, box, 'AA:BB:CC:DD:EE:01', ann);
      await insertDevice(sql, box, 'AA:BB:CC:DD:EE:02', ann);
      await insertDevice(sql, box, 'AA:BB:CC:DD:EE:03', bob);
      await insertDevice(sql, box, 'AA:BB:CC:DD:EE:04', bob);
    } finally {
      await sql.end();
    }
    expect((await migrateService(def, { kind: 'postgres', url: db.url })).applied).toEqual(rest);
    h = await startDeviceHarness({ databaseUrl: db.url, secretsKey });
  });
  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  const record = (user: AuthenticatedUser, macAddr: string) => ({
    userId: user.userId,
    macAddr,
    deviceName: `cam ${macAddr.match(/../g)!.join(':')}`,
    productName: 'CAM-1',
    username: 'admin',
    password: `ENC(${macAddr.match(/../g)!.join(':')})`,
    hasusertag: 2,
    supportStore: 1,
    supportRichMedia: 0,
    oemCode: OEM,
  });

  it('stores every MAC in the canonical form, in a column of 12 characters', async () => {
    expect((await h.sql.query('SELECT mac_addr FROM device.device ORDER BY id')).rows.map((r) => r.mac_addr)).toEqual(['AABBCCDDEE01', 'AABBCCDDEE02', 'AABBCCDDEE03', 'AABBCCDDEE04']);
    const column = await h.sql.query(`SELECT character_maximum_length AS n FROM information_schema.columns WHERE table_schema = 'device' AND table_name = 'device' AND column_name = 'mac_addr'`);
    expect(column.rows).toEqual([{ n: 12 }]);
    expect(await migrationStatus(def, { kind: 'postgres', url: h.databaseUrl })).toMatchObject({ pending: [], failed: [] });
  });

  it('lists and gets them in the canonical form, in any spelling, with the passwords stored before the change', async () => {
    expect(await h.gateway(OP('getOemDeviceByUser'), {}, ann)).toEqual({ data: [record(ann, 'AABBCCDDEE01'), record(ann, 'AABBCCDDEE02')] });
    for (const macAddr of ['AABBCCDDEE01', 'aabbccddee01', 'AA:BB:CC:DD:EE:01', 'aa-bb-cc-dd-ee-01']) {
      expect(await h.gateway(OP('getOemDeviceByUserAndMac'), { macAddr }, ann)).toEqual({ data: record(ann, 'AABBCCDDEE01') });
    }
    expect((await rejection(h.gateway(OP('getOemDeviceByUserAndMac'), { macAddr: 'AA:BB:CC:DD:EE:03' }, ann))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
  });

  it('other services find them by any spelling (findUserDevice, findDeviceOwner)', async () => {
    expect((await h.rpc(DEVICE_RPC.findUserDevice, { userId: bob.userId, macAddr: 'aa:bb:cc:dd:ee:03' })).device).toEqual(record(bob, 'AABBCCDDEE03'));
    expect(await h.rpc(DEVICE_RPC.findDeviceOwner, { macAddr: 'AABBCCDDEE03' })).toEqual({ owner: { userId: bob.userId, macAddr: 'AABBCCDDEE03' } });
  });

  it('still refuses a second binding of a migrated device, whichever spelling the app sends', async () => {
    expect((await rejection(h.gateway(OP('addOemDevice'), addParams('AABBCCDDEE01'), ann))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_ALREADY_EXISTS);
    expect((await rejection(h.gateway(OP('addOemDevice'), addParams('aa:bb:cc:dd:ee:01'), bob))).code).toBe(ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS);
  });

  it('an update re-encrypts the password under the canonical form; the other fields keep their values', async () => {
    await expect(h.gateway(OP('updateOemDevice'), { macAddr: 'aa-bb-cc-dd-ee-02', password: 'ENC(new)' }, ann)).resolves.toEqual({});
    expect((await h.gateway(OP('getOemDeviceByUserAndMac'), { macAddr: 'AABBCCDDEE02' }, ann)).data).toEqual({ ...record(ann, 'AABBCCDDEE02'), password: 'ENC(new)' });
    const { rows } = await h.sql.query('SELECT password_ciphertext FROM device.device WHERE mac_addr = $1', ['AABBCCDDEE02']);
    const box = new SecretBox(Buffer.from(h.secretsKey, 'hex'));
    expect(box.decrypt(rows[0].password_ciphertext, 'AABBCCDDEE02')).toBe('ENC(new)');
  });

  it('unbinds them by the user, by force and on user.deleted, announcing device.unbound in the canonical form', async () => {
    const byUser = await expectEvent(h.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { reason: string }).reason === 'user');
    await expect(h.gateway(OP('delOemDeviceByMac'), { macAddr: 'aa:bb:cc:dd:ee:01' }, ann)).resolves.toEqual({});
    expect((await byUser.arrived).data).toEqual({ macAddr: 'AABBCCDDEE01', userId: ann.userId, reason: 'user' });

    const maker = await h.createManufacturer(OEM);
    const timeStamp = String(Math.floor(h.clock.now() / 1000));
    const byForce = await expectEvent(h.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { reason: string }).reason === 'force');
    await expect(h.gateway(OP('delOemDeviceForce'), { mac: 'AA:BB:CC:DD:EE:03', timeStamp, oemCode: OEM, sign: md5Hex(`AA:BB:CC:DD:EE:03${timeStamp}${maker.delKey}`) })).resolves.toEqual({});
    expect((await byForce.arrived).data).toEqual({ macAddr: 'AABBCCDDEE03', userId: bob.userId, reason: 'force' });

    const byDeletion = await expectEvent(h.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { reason: string }).reason === 'user-deleted');
    await h.runtime.events.publish(buildEvent('userDeleted', bob));
    expect((await byDeletion.arrived).data).toEqual({ macAddr: 'AABBCCDDEE04', userId: bob.userId, reason: 'user-deleted' });
    expect((await h.sql.query('SELECT mac_addr FROM device.device ORDER BY id')).rows.map((r) => r.mac_addr)).toEqual(['AABBCCDDEE02']);
  });
});

describeWithInfra(['postgres'], 'device: the MAC migration applies entirely or not at all (PostgreSQL)', () => {
  it('two rows that would become the same MAC fail the whole migration and leave every row as it was', async () => {
    const db = await createTestDatabase('dcp_device_mig');
    try {
      const { before, rest } = split();
      await migrateService(def, { kind: 'postgres', url: db.url }, { upTo: before.at(-1) });
      const sql = new Client({ connectionString: db.url });
      await sql.connect();
      try {
        await insertDevice(sql, undefined, 'AA:BB:CC:DD:EE:01', ann);
        await insertDevice(sql, undefined, 'AA:BB:CC:DD:EE:05', ann);
        await insertDevice(sql, undefined, 'AABBCCDDEE05', bob);
        await expect(migrateService(def, { kind: 'postgres', url: db.url })).rejects.toThrow(/device_mac_addr_key/);
        expect((await sql.query('SELECT mac_addr FROM device.device ORDER BY id')).rows.map((r) => r.mac_addr)).toEqual(['AA:BB:CC:DD:EE:01', 'AA:BB:CC:DD:EE:05', 'AABBCCDDEE05']);
        const column = await sql.query(`SELECT character_maximum_length AS n FROM information_schema.columns WHERE table_schema = 'device' AND table_name = 'device' AND column_name = 'mac_addr'`);
        expect(column.rows).toEqual([{ n: 17 }]);
        expect(await migrationStatus(def, { kind: 'postgres', url: db.url })).toMatchObject({ applied: before, failed: [rest[0]] });
      } finally {
        await sql.end();
      }
    } finally {
      await db.drop();
    }
  });
});

function addParams(macAddr: string): Record<string, string> {
  return { macAddr, deviceName: 'again', username: 'admin', password: 'x', hasusertag: '2', supportStore: '1', supportRichMedia: '0', productName: 'CAM-1', oemCode: OEM };
}

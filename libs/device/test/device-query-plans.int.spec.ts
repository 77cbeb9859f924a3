/**
 * Issue 23 on device-service: the operator's device look-ups and a user's device list (page and count, first
 * page and after a cursor) and the start-up re-encryption probes (decisions SK5) reach their rows through an
 * index at any size. Pinned on 200,000 devices and 20,000 manufacturers (generate_series, then ANALYZE): every
 * statement those paths send is captured and its plan asked of PostgreSQL with the same parameters; none may
 * scan a whole table.
 */
import { ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { blocksTouching, captureStatements, describeWithInfra, plansTouching } from '@dcp/testing';
import { DevicePasswords } from '../src/devices/device-passwords';
import { DeviceRepository } from '../src/devices/device.repository';
import { ManufacturerRepository } from '../src/manufacturers/manufacturer.repository';
import { type DeviceHarness, startDeviceHarness } from './device-harness';

const DEVICES = 200_000;
const MANUFACTURERS = 20_000;
/** Devices per user in the seed: user 7 owns devices 7, 50 007, 100 007 and 150 007. */
const USERS = 50_000;
/** Pages a probe may touch: two descents of the key-prefix index (a walk of its 200,000 entries touches about a thousand). */
const PROBE_BLOCKS = 20;

describeWithInfra(['postgres'], 'device-service: query plans at scale (PostgreSQL)', () => {
  let h: DeviceHarness;
  let prefix: string;

  beforeAll(async () => {
    h = await startDeviceHarness();
    prefix = h.module.get(DevicePasswords).currentPrefix;
    // Every secret under the current key, as after a completed re-encryption: the probes must find none, fast.
    await h.sql.query(
      `INSERT INTO device.manufacturer (oem_code, name, del_key_ciphertext)
       SELECT 'OEM' || i, 'Maker ' || i, $1 || md5(i::text) FROM generate_series(1, ${MANUFACTURERS}) i`,
      [prefix],
    );
    await h.sql.query(
      `INSERT INTO device.device (mac_addr, user_id, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code, updated_at)
       SELECT upper(lpad(to_hex(i), 12, '0')), (i % ${USERS}) + 1, 'cam ' || i, 'P1', 'admin', $1 || md5(i::text), 0, 1, 0, 'OEM' || (i % ${MANUFACTURERS} + 1), now()
       FROM generate_series(1, ${DEVICES}) i`,
      [prefix],
    );
    await h.sql.query('ANALYZE device.device');
    await h.sql.query('ANALYZE device.manufacturer');
  }, 60_000);
  afterAll(() => h?.close());

  it("a device by MAC and a user's devices, first page and after a cursor, page and count: through indexes", async () => {
    const { statements } = await captureStatements(async () => {
      await h.rpc(ADMIN_LOOKUP_RPC.getDevice, { macAddr: '000000000007' });
      const first = await h.rpc(ADMIN_LOOKUP_RPC.listUserDevices, { userId: 8, limit: 2 });
      expect(first).toMatchObject({ total: 4, totalIsEstimate: false, nextCursor: expect.any(String) });
      const next = await h.rpc(ADMIN_LOOKUP_RPC.listUserDevices, { userId: 8, limit: 2, cursor: first.nextCursor });
      expect(next.items.map((d) => d.deviceName)).toEqual(['cam 100007', 'cam 150007']);
    });
    const plans = await plansTouching(h.sql, statements, ['device']);
    // The device by MAC; per page: its ids, its count, its rows by id.
    expect(plans.length).toBeGreaterThanOrEqual(7);
    expect(plans.filter((p) => p.wholeTableScans.length > 0)).toEqual([]);
    expect(plans.filter((p) => /user_id = \$1/.test(p.statement)).every((p) => p.indexes.includes('device_user_id_id_idx'))).toBe(true);
  });

  it('the start-up probes for secrets under an old key: index range scans beside the current prefix, from the start and after a row', async () => {
    const devices = h.module.get(DeviceRepository);
    const manufacturers = h.module.get(ManufacturerRepository);
    const { statements } = await captureStatements(async () => {
      expect(await devices.stalePasswords(undefined, 200, prefix)).toEqual([]);
      expect(await devices.stalePasswords({ id: 12, macAddr: '00000000000C', passwordCiphertext: 'v1.an-old-ciphertext' }, 200, prefix)).toEqual([]);
      expect(await manufacturers.staleDelKeys(undefined, 200, prefix)).toEqual([]);
    });
    const plans = await plansTouching(h.sql, statements, ['device', 'manufacturer']);
    expect(plans).toHaveLength(3);
    expect(plans.filter((p) => p.wholeTableScans.length > 0)).toEqual([]);
    expect(plans.map((p) => [...new Set(p.indexes)])).toEqual([['device_password_key_prefix_idx'], ['device_password_key_prefix_idx'], ['manufacturer_del_key_prefix_idx']]);
    // An index walked from its start is no sequential scan: what each probe touched says it read two index descents.
    const costs = await blocksTouching(h.sql, statements, ['device', 'manufacturer']);
    expect(costs).toHaveLength(3);
    expect(costs.filter((c) => c.blocks > PROBE_BLOCKS)).toEqual([]);
  });

  it('the check sees a scan of the whole table where there is one (it can fail)', async () => {
    const [plan] = await plansTouching(h.sql, [{ text: 'SELECT id FROM "device"."device" WHERE device_name = $1', values: ['cam 12'] }], ['device']);
    expect(plan.wholeTableScans).toEqual([expect.stringMatching(/^Seq Scan on device \(filter /)]);
  });

  it('the probe finds what a rotation left behind, below and above the current prefix, in (prefix, id) order', async () => {
    const below = 'v1.AAAA.old';
    const above = 'zz-not-a-ciphertext';
    await h.sql.query(`UPDATE device.device SET password_ciphertext = CASE WHEN id IN (5, 9) THEN $1 ELSE $2 END WHERE id IN (5, 9, 3)`, [below, above]);
    try {
      const devices = h.module.get(DeviceRepository);
      const first = await devices.stalePasswords(undefined, 2, prefix);
      expect(first.map((d) => [d.id, d.passwordCiphertext])).toEqual([
        [5, below],
        [9, below],
      ]);
      expect((await devices.stalePasswords(first[1], 2, prefix)).map((d) => [d.id, d.passwordCiphertext])).toEqual([[3, above]]);
    } finally {
      await h.sql.query(`UPDATE device.device SET password_ciphertext = $1 || md5(id::text) WHERE id IN (5, 9, 3)`, [prefix]);
    }
  });
});

/** The manufacturer operator API (dcp.rpc.device.admin.*) against real PostgreSQL. */
import { DEVICE_RPC, ErrorCode } from '@dcp/contracts';
import { describeWithInfra, uniqueName } from '@dcp/testing';
import { type DeviceHarness, rejection, startDeviceHarness } from './device-harness';

describeWithInfra(['postgres'], 'device: manufacturers (PostgreSQL)', () => {
  let h: DeviceHarness;
  beforeAll(async () => {
    h = await startDeviceHarness();
  });
  afterAll(() => h?.close());

  it('create → get → list: the delKey is shown once (32 base62 characters) and stored encrypted', async () => {
    const oemCode = uniqueName('ACME');
    const created = await h.rpc(DEVICE_RPC.createManufacturer, { body: { oemCode, name: '  Acme Cameras ' } });
    expect(created).toEqual({ oemCode, name: 'Acme Cameras', createdAt: expect.any(String), delKeyRotatedAt: null, delKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    const read = await h.rpc(DEVICE_RPC.getManufacturer, { oemCode });
    expect(read).toEqual({ oemCode, name: 'Acme Cameras', createdAt: created.createdAt, delKeyRotatedAt: null });
    const { rows } = await h.sql.query('SELECT del_key_ciphertext FROM device.manufacturer WHERE oem_code = $1', [oemCode]);
    expect(rows[0].del_key_ciphertext).not.toContain(created.delKey);
    const list = await h.rpc(DEVICE_RPC.listManufacturers, {});
    expect(list.items).toContainEqual(read);
    expect(list.total).toBe(list.items.length);
    expect(JSON.stringify(list)).not.toContain(created.delKey);
  });

  it('pages the list with limit and offset in registration order', async () => {
    for (let i = 0; i < 3; i++) await h.createManufacturer();
    const all = await h.rpc(DEVICE_RPC.listManufacturers, {});
    const page = await h.rpc(DEVICE_RPC.listManufacturers, { limit: 2, offset: 1 });
    expect(page).toEqual({ items: all.items.slice(1, 3), total: all.total, totalIsEstimate: false, nextCursor: all.total > 3 ? expect.any(String) : null });
  });

  it('filters the list by q in the oemCode or name (any letter case, % and _ taken literally); the total is the filtered one', async () => {
    const tag = uniqueName('Q'); // Q_<10 hex>: its own _ must match literally too
    const create = (oemCode: string, name: string) => h.rpc(DEVICE_RPC.createManufacturer, { body: { oemCode, name } });
    const percent = await create(`${tag}A`, 'Hundred 100% Optics');
    const thousand = await create(`${tag}XC`, 'Thousand 1000 Optics');
    const underscore = await create(`${tag}_C`, 'Under Score');
    const codes = (list: { items: { oemCode: string }[] }) => list.items.map((m) => m.oemCode);

    const tagged = await h.rpc(DEVICE_RPC.listManufacturers, { q: tag.toLowerCase() });
    expect(tagged).toMatchObject({ total: 3 });
    expect(codes(tagged)).toEqual([percent, thousand, underscore].map((m) => m.oemCode));
    // Unescaped, "100%" would also match "1000", and "<hex>_c" the code ending in <hex>XC.
    expect(codes(await h.rpc(DEVICE_RPC.listManufacturers, { q: '100% optics' }))).toEqual([percent.oemCode]);
    expect(codes(await h.rpc(DEVICE_RPC.listManufacturers, { q: `${tag.slice(-4)}_c` }))).toEqual([underscore.oemCode]);
    expect(await h.rpc(DEVICE_RPC.listManufacturers, { q: tag, limit: 1, offset: 2 })).toEqual({ items: [expect.objectContaining({ oemCode: underscore.oemCode })], total: 3, totalIsEstimate: false, nextCursor: null });

    const bad = await rejection(h.rpc(DEVICE_RPC.listManufacturers, { q: 'x'.repeat(101) }));
    expect(bad).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: 'invalid field q: must be at most 100 characters' });
  });

  it('refuses a duplicate oemCode with ADMIN_CONFLICT, also when two registrations race', async () => {
    const oemCode = uniqueName('DUP');
    await h.rpc(DEVICE_RPC.createManufacturer, { body: { oemCode, name: 'First' } });
    expect((await rejection(h.rpc(DEVICE_RPC.createManufacturer, { body: { oemCode, name: 'Second' } }))).code).toBe(ErrorCode.ADMIN_CONFLICT);
    const racing = uniqueName('RACE');
    const results = await Promise.allSettled([1, 2, 3].map((i) => h.rpc(DEVICE_RPC.createManufacturer, { body: { oemCode: racing, name: `Racer ${i}` } })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe(ErrorCode.ADMIN_CONFLICT);
  });

  it.each([
    [{ name: 'No code' }, 'oemCode'],
    [{ oemCode: 'X'.repeat(21), name: 'Too long' }, 'oemCode'],
    [{ oemCode: 'has space', name: 'Bad chars' }, 'oemCode'],
    [{ oemCode: 'OK' }, 'name'],
    [{ oemCode: 'OK', name: '   ' }, 'name'],
    [{ oemCode: 'OK', name: 'x', delKey: 'mine' }, 'delKey'],
  ])('refuses %j with ADMIN_VALIDATION_FAILED naming %s', async (body, field) => {
    const err = await rejection(h.rpc(DEVICE_RPC.createManufacturer, { body }));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(field);
  });

  it('answers ADMIN_NOT_FOUND for an unknown oemCode on get and rotate', async () => {
    expect((await rejection(h.rpc(DEVICE_RPC.getManufacturer, { oemCode: 'NOPE' }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    expect((await rejection(h.rpc(DEVICE_RPC.rotateDelKey, { oemCode: 'NOPE' }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
  });

  it('rotates the delKey: a new one shown once, delKeyRotatedAt set; concurrent rotations show only the stored key', async () => {
    const m = await h.createManufacturer();
    const rotated = await h.rpc(DEVICE_RPC.rotateDelKey, { oemCode: m.oemCode });
    expect(rotated.delKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(rotated.delKey).not.toBe(m.delKey);
    expect(rotated.delKeyRotatedAt).not.toBeNull();
    expect(await h.rpc(DEVICE_RPC.getManufacturer, { oemCode: m.oemCode })).toMatchObject({ delKeyRotatedAt: rotated.delKeyRotatedAt });
    const results = await Promise.allSettled([1, 2, 3].map(() => h.rpc(DEVICE_RPC.rotateDelKey, { oemCode: m.oemCode })));
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe(ErrorCode.ADMIN_CONFLICT);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
  });

  it('registers its readiness check and metrics', async () => {
    const check = h.runtime.health.entries().find(([name]) => name === 'database:device');
    expect(check).toBeDefined();
    await expect(check![1]()).resolves.toBeUndefined();
    const metrics = await h.runtime.metrics.render();
    expect(metrics).toMatch(/dcp_service_operations_total\{service="device",[^}]*operation="admin.create_manufacturer"[^}]*outcome="ok"[^}]*\} \d+/);
    expect(metrics).toMatch(/dcp_service_operations_total\{service="device",[^}]*operation="admin.get_manufacturer"[^}]*outcome="AD0404"[^}]*\} \d+/);
    expect(metrics).toMatch(/dcp_outbox_pending\{service="device"\} \d+/);
    expect(metrics).toMatch(/dcp_dead_letters_open\{service="device"\} \d+/);
  });
});

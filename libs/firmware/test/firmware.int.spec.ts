/**
 * firmware-service against real PostgreSQL, driven through its RPC handlers as the edge and the admin API
 * drive it: releases and models (create, conflict — also racing —, list, get, update, setModel) and
 * firmware.latest (the chain walk, rollout, every error code), plus its readiness check and metrics.
 */
import { ErrorCode, FIRMWARE_RPC } from '@dcp/contracts';
import { describeWithInfra, uniqueName } from '@dcp/testing';
import { type FirmwareHarness, rejection, startFirmwareHarness } from './firmware-harness';

const MAC = 'AA:BB:CC:DD:EE:01';

/** firmware.latest parameters: system (v1, v3, v4), app (v1, v3, v4). */
const reported = (machineTypeName: string, sys: [number, number, number], app: [number, number, number], extra: Record<string, string> = {}) => ({
  macAddr: MAC,
  machineTypeName,
  sysVersion1: String(sys[0]),
  sysVersion3: String(sys[1]),
  sysVersion4: String(sys[2]),
  appVersion1: String(app[0]),
  appVersion3: String(app[1]),
  appVersion4: String(app[2]),
  ...extra,
});

describeWithInfra(['postgres'], 'firmware-service: releases, models and firmware.latest (PostgreSQL)', () => {
  let h: FirmwareHarness;
  beforeAll(async () => {
    h = await startFirmwareHarness();
  });
  afterAll(() => h?.close());

  describe('operator API', () => {
    it('creates a release with its model (smartUpgrade true); md5 stored upper-case; get returns the same view', async () => {
      const model = uniqueName('CAM');
      const created = await h.release({ machineTypeName: model, version2: 'hi3518', version1: 2, version3: 4, version4: 17, patchVersion: 1, md5: 'abcdef0123456789abcdef0123456789' });
      expect(created).toEqual({
        id: expect.any(Number),
        machineTypeName: model,
        type: 1,
        version1: 2,
        version2: 'hi3518',
        version3: 4,
        version4: 17,
        patchVersion: 1,
        downloadUri: expect.stringMatching(/^https:\/\/fw\.example\.com\//),
        md5: 'ABCDEF0123456789ABCDEF0123456789',
        desc: { zh: '更新', en: 'Update' },
        interim: false,
        active: true,
        remind: 0,
        rolloutPercent: 100,
        createTime: expect.any(Number),
        updateTime: created.createTime,
      });
      expect(Math.abs(created.createTime - h.clock.now())).toBeLessThan(5000);
      const { rows } = await h.sql.query('SELECT r.md5, m.smart_upgrade FROM firmware.firmware_release r JOIN firmware.firmware_model m ON m.id = r.model_id WHERE r.id = $1', [created.id]);
      expect(rows).toEqual([{ md5: 'ABCDEF0123456789ABCDEF0123456789', smart_upgrade: true }]);
      expect(await h.rpc(FIRMWARE_RPC.getRelease, { id: String(created.id) })).toEqual(created);
      expect(await h.rpc(FIRMWARE_RPC.getModel, { machineTypeName: model })).toEqual({ machineTypeName: model, smartUpgrade: true, createTime: created.createTime, updateTime: created.createTime });
    });

    it('refuses a second release with the same model, type and key (ADMIN_CONFLICT), also when creations race', async () => {
      const model = uniqueName('DUP');
      await h.release({ machineTypeName: model });
      const dup = await rejection(h.release({ machineTypeName: model, version2: 'other' }));
      expect(dup).toMatchObject({ code: ErrorCode.ADMIN_CONFLICT, failureDetails: `release of ${model} type 1 version 1.0.0 patch 0 already exists` });
      await h.release({ machineTypeName: model, type: 2 });
      await h.release({ machineTypeName: model, patchVersion: 1 });

      const racing = uniqueName('RACE');
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => h.release({ machineTypeName: racing })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe(ErrorCode.ADMIN_CONFLICT);
    });

    it('concurrent first releases of a new model create the model once', async () => {
      const model = uniqueName('NEW');
      const created = await Promise.all([1, 2, 3, 4].map((version1) => h.release({ machineTypeName: model, version1 })));
      expect(new Set(created.map((r) => r.id)).size).toBe(4);
      const { rows } = await h.sql.query('SELECT count(*)::int AS n FROM firmware.firmware_model WHERE machine_type_name = $1', [model]);
      expect(rows[0].n).toBe(1);
    });

    it.each([
      [{ md5: 'xyz' }, 'md5'],
      [{ type: 0 }, 'type'],
      [{ downloadUri: 'not a url' }, 'downloadUri'],
      [{ version1: -1 }, 'version1'],
      [{ machineTypeName: 'm'.repeat(51) }, 'machineTypeName'],
      [{ notes: 'x' }, 'notes'],
    ])('refuses %j with ADMIN_VALIDATION_FAILED naming %s', async (overrides, field) => {
      const err = await rejection(h.release(overrides));
      expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
      expect(err.failureDetails).toContain(field);
    });

    it('lists releases in creation order, optionally of one model, paged', async () => {
      const model = uniqueName('LIST');
      const a = await h.release({ machineTypeName: model, version1: 1 });
      const b = await h.release({ machineTypeName: model, version1: 2, type: 2 });
      const c = await h.release({ machineTypeName: model, version1: 3 });
      expect(await h.rpc(FIRMWARE_RPC.listReleases, { machineTypeName: model })).toEqual({ items: [a, b, c], total: 3, totalIsEstimate: false, nextCursor: null });
      const second = await h.rpc(FIRMWARE_RPC.listReleases, { machineTypeName: model, limit: 1, offset: 1 });
      expect(second).toEqual({ items: [b], total: 3, totalIsEstimate: false, nextCursor: expect.any(String) });
      expect(await h.rpc(FIRMWARE_RPC.listReleases, { machineTypeName: model, limit: 1, cursor: second.nextCursor })).toEqual({ items: [c], total: 3, totalIsEstimate: false, nextCursor: null });
      const all = await h.rpc(FIRMWARE_RPC.listReleases, { limit: 500 });
      expect(all.items.map((r) => r.id)).toEqual([...all.items.map((r) => r.id)].sort((x, y) => x - y));
      expect(all.items).toEqual(expect.arrayContaining([a, b, c]));
    });

    it('updates active, remind, rolloutPercent and interim only; unknown ids → ADMIN_NOT_FOUND', async () => {
      const r = await h.release({ machineTypeName: uniqueName('UPD') });
      h.clock.advance(60);
      const changed = await h.rpc(FIRMWARE_RPC.updateRelease, { id: String(r.id), body: { active: false, remind: 1, rolloutPercent: 5, interim: true } });
      expect(changed).toEqual({ ...r, active: false, remind: 1, rolloutPercent: 5, interim: true, updateTime: expect.any(Number) });
      expect(changed.updateTime - r.updateTime).toBeGreaterThanOrEqual(60_000);
      expect(await h.rpc(FIRMWARE_RPC.getRelease, { id: String(r.id) })).toEqual(changed);
      const immutable = await rejection(h.rpc(FIRMWARE_RPC.updateRelease, { id: String(r.id), body: { version1: 9 } }));
      expect(immutable).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringContaining('version1') });
      for (const id of ['abc', '0', '2147483647', '99999999999']) {
        expect((await rejection(h.rpc(FIRMWARE_RPC.updateRelease, { id, body: { active: true } }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
        expect((await rejection(h.rpc(FIRMWARE_RPC.getRelease, { id }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
      }
    });

    it('setModel switches smart upgrade; an unknown model → ADMIN_NOT_FOUND', async () => {
      const model = uniqueName('SET');
      await h.release({ machineTypeName: model });
      expect(await h.rpc(FIRMWARE_RPC.setModel, { machineTypeName: model, body: { smartUpgrade: false } })).toMatchObject({ machineTypeName: model, smartUpgrade: false });
      expect(await h.rpc(FIRMWARE_RPC.getModel, { machineTypeName: model })).toMatchObject({ smartUpgrade: false });
      expect((await rejection(h.rpc(FIRMWARE_RPC.setModel, { machineTypeName: uniqueName('NONE'), body: { smartUpgrade: false } }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
      expect((await rejection(h.rpc(FIRMWARE_RPC.setModel, { machineTypeName: model, body: { smartUpgrade: 1 } }))).code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
      expect((await rejection(h.rpc(FIRMWARE_RPC.getModel, { machineTypeName: uniqueName('NONE') }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    });
  });

  describe('firmware.latest', () => {
    it('offers the next release with every field of spec 2.9 and the top-level remind', async () => {
      const model = uniqueName('HAPPY');
      await h.release({ machineTypeName: model, version1: 1 });
      const next = await h.release({
        machineTypeName: model,
        version1: 1,
        version2: 'hi3518',
        version3: 2,
        version4: 3,
        patchVersion: 4,
        remind: 1,
        downloadUri: 'https://cdn.example.com/fw/c200/1.2.3.p4.bin?sig=1',
        md5: 'ffffffffffffffffffffffffffffffff',
        desc: { zh: '夜视', en: 'Night vision' },
      });
      const result = await h.latest(reported(model, [1, 0, 0], [0, 0, 0], { oemCode: 'ACME' }));
      expect(result).toStrictEqual({
        data: {
          id: next.id,
          desc: '{"zh":"夜视","en":"Night vision"}',
          downloadUri: 'https://cdn.example.com/fw/c200/1.2.3.p4.bin?sig=1',
          md5: 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
          type: 1,
          version1: 1,
          version2: 'hi3518',
          version3: 2,
          version4: 3,
          patchVersion: 4,
          createTime: next.createTime,
          name: `${model} 1.hi3518.2.3.p4`,
          uploadUtilName: '',
          backupUploadUtilName: '',
          path: '/fw/c200/1.2.3.p4.bin',
          backupUri: '',
          interim: 0,
          seqNo: 2,
          newest: 1,
          active: 1,
          remind: 1,
          remindActive: 1,
          firmwarePlatform: 'hi3518',
          productTypeId: 0,
          winPluginId: 0,
          macOsPluginId: 0,
        },
        extra: { remind: 1 },
      });
    });

    it('stops at an interim release; after installing it the next step is the newest; then up to date; never a downgrade', async () => {
      const model = uniqueName('CHAIN');
      await h.release({ machineTypeName: model, version1: 1 });
      const interim = await h.release({ machineTypeName: model, version1: 2, interim: true });
      const newest = await h.release({ machineTypeName: model, version1: 3 });
      expect((await h.latest(reported(model, [1, 0, 0], [0, 0, 0]))).data).toMatchObject({ id: interim.id, interim: 1, seqNo: 2, newest: 0 });
      expect((await h.latest(reported(model, [2, 0, 0], [0, 0, 0]))).data).toMatchObject({ id: newest.id, interim: 0, seqNo: 3, newest: 1 });
      expect(await h.latest(reported(model, [3, 0, 0], [0, 0, 0]))).toEqual({ extra: { remind: 0 } });
      expect(await h.latest(reported(model, [7, 0, 0], [0, 0, 0]))).toEqual({ extra: { remind: 0 } });
    });

    it('offers system firmware before application firmware, compared with their own reported versions', async () => {
      const model = uniqueName('TYPES');
      const sys = await h.release({ machineTypeName: model, type: 1, version1: 2 });
      const app = await h.release({ machineTypeName: model, type: 2, version1: 5 });
      expect((await h.latest(reported(model, [1, 0, 0], [1, 0, 0]))).data).toMatchObject({ id: sys.id, type: 1 });
      expect((await h.latest(reported(model, [2, 0, 0], [1, 0, 0]))).data).toMatchObject({ id: app.id, type: 2 });
      expect(await h.latest(reported(model, [2, 0, 0], [5, 0, 0]))).toEqual({ extra: { remind: 0 } });
    });

    it('orders by patchVersion after version4, and patchVersion applies to the reported versions', async () => {
      const model = uniqueName('PATCH');
      const p2 = await h.release({ machineTypeName: model, version1: 1, version3: 2, version4: 3, patchVersion: 2 });
      expect((await h.latest(reported(model, [1, 2, 3], [0, 0, 0], { patchVersion: '1' }))).data).toMatchObject({ id: p2.id });
      expect(await h.latest(reported(model, [1, 2, 3], [0, 0, 0], { patchVersion: '2' }))).toEqual({ extra: { remind: 0 } });
    });

    it('rollout: 0% is offered to nobody, 100% to the same device; inactive releases are never offered', async () => {
      const model = uniqueName('ROLL');
      await h.release({ machineTypeName: model, version1: 1 });
      const staged = await h.release({ machineTypeName: model, version1: 2, rolloutPercent: 0 });
      expect(await h.latest(reported(model, [1, 0, 0], [0, 0, 0]))).toEqual({ extra: { remind: 0 } });
      await h.rpc(FIRMWARE_RPC.updateRelease, { id: String(staged.id), body: { rolloutPercent: 100 } });
      expect((await h.latest(reported(model, [1, 0, 0], [0, 0, 0]))).data).toMatchObject({ id: staged.id });
      await h.rpc(FIRMWARE_RPC.updateRelease, { id: String(staged.id), body: { active: false } });
      expect(await h.latest(reported(model, [1, 0, 0], [0, 0, 0]))).toEqual({ extra: { remind: 0 } });
    });

    it('answers 010026 → 010120 → 010121 in that order, and 000006 for a malformed macAddr', async () => {
      const off = uniqueName('OFF');
      await h.release({ machineTypeName: off });
      await h.rpc(FIRMWARE_RPC.setModel, { machineTypeName: off, body: { smartUpgrade: false } });
      const unknown = uniqueName('UNKNOWN');
      expect((await rejection(h.latest(reported(unknown, [-1, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.PT_FIRMWARE_VERSION_INVALID);
      expect((await rejection(h.latest(reported(off, [0, 0, 0], [0, 0, 2147483648])))).code).toBe(ErrorCode.PT_FIRMWARE_VERSION_INVALID);
      expect((await rejection(h.latest(reported(unknown, [0, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS);
      expect((await rejection(h.latest(reported(off, [0, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.PT_FIRMWARE_NOT_SUPPORT_UPGRADE);
      const malformed = await rejection(h.latest({ ...reported(off, [0, 0, 0], [0, 0, 0]), macAddr: 'AA:BB' }));
      expect(malformed).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('macAddr') });
      await h.rpc(FIRMWARE_RPC.setModel, { machineTypeName: off, body: { smartUpgrade: true } });
      expect((await h.latest(reported(off, [0, 0, 0], [0, 0, 0]))).data).toMatchObject({ version1: 1, name: `${off} 1.0.0.0` });
    });

    it('a model whose releases are all inactive has no chain (010120)', async () => {
      const model = uniqueName('GONE');
      const r = await h.release({ machineTypeName: model, type: 2 });
      await h.rpc(FIRMWARE_RPC.updateRelease, { id: String(r.id), body: { active: false } });
      expect((await rejection(h.latest(reported(model, [0, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS);
    });
  });

  it('registers its readiness check and metrics', async () => {
    const check = h.runtime.health.entries().find(([name]) => name === 'database:firmware');
    expect(check).toBeDefined();
    await expect(check![1]()).resolves.toBeUndefined();
    const metrics = await h.runtime.metrics.render();
    expect(metrics).toMatch(/dcp_service_operations_total\{service="firmware",[^}]*operation="admin.create_release"[^}]*outcome="ok"[^}]*\} \d+/);
    expect(metrics).toMatch(/dcp_service_operations_total\{service="firmware",[^}]*operation="firmware.latest"[^}]*outcome="010120"[^}]*\} \d+/);
    expect(metrics).toMatch(/dcp_firmware_offers_total\{[^}]*offer="system"[^}]*\} \d+/);
    expect(metrics).toMatch(/dcp_firmware_offers_total\{[^}]*offer="none"[^}]*\} \d+/);
  });
});

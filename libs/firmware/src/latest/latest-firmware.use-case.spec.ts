import { ErrorCode, callFromWire } from '@dcp/contracts';
import { ManualClock } from '@dcp/testing';
import { T0, FakeBoundDevices, FakeMetrics, MemoryReleases, MemoryRolloutChecks, failure } from '../test/fakes';
import { CreateReleaseUseCase } from '../releases/create-release.use-case';
import { RECORD_INTERVAL_MS, RolloutRecorder } from '../progress/rollout-recorder';
import { LatestFirmwareUseCase } from './latest-firmware.use-case';

const user = { userId: 1, openId: 'o', clientId: 'c', uuid: 'u' };
const MAC = 'AA:BB:CC:DD:EE:01';

describe('firmware.latest', () => {
  let releases: MemoryReleases;
  let metrics: FakeMetrics;
  let checks: MemoryRolloutChecks;
  let latest: LatestFirmwareUseCase;
  let create: CreateReleaseUseCase;

  const release = (machineTypeName: string, type: 1 | 2, v: [number, number, number, number], extra: Record<string, unknown> = {}) =>
    create.execute({
      body: {
        machineTypeName,
        type,
        version1: v[0],
        version2: '0',
        version3: v[1],
        version4: v[2],
        patchVersion: v[3],
        downloadUri: `https://fw.example.com/${machineTypeName}/${type}/${v.join('.')}.bin`,
        md5: 'a'.repeat(32),
        desc: { zh: '更新', en: 'Update' },
        ...extra,
      },
    });

  const call = (machineTypeName: string, sys: [number, number, number], app: [number, number, number], extra: Record<string, string> = {}) =>
    callFromWire('firmwareLatest', {
      clientId: user.clientId,
      openId: user.openId,
      accessToken: 'token',
      macAddr: MAC,
      machineTypeName,
      sysVersion1: String(sys[0]),
      sysVersion3: String(sys[1]),
      sysVersion4: String(sys[2]),
      appVersion1: String(app[0]),
      appVersion3: String(app[1]),
      appVersion4: String(app[2]),
      ...extra,
    }, user);

  let clock: ManualClock;
  let recorder: RolloutRecorder;

  beforeEach(() => {
    releases = new MemoryReleases();
    metrics = new FakeMetrics();
    checks = new MemoryRolloutChecks();
    clock = new ManualClock(T0);
    recorder = new RolloutRecorder(checks, metrics, new FakeBoundDevices());
    latest = new LatestFirmwareUseCase(releases, metrics, recorder, clock);
    create = new CreateReleaseUseCase(releases, new ManualClock(T0));
  });

  it('offers the next release: data = spec 2.9 record, top-level remind = its remind', async () => {
    const r = await release('M1', 1, [1, 1, 0, 0], { remind: 1 });
    const result = await latest.execute(call('M1', [1, 0, 0], [1, 0, 0]));
    expect(result.extra).toEqual({ remind: 1 });
    expect(result.data).toMatchObject({ id: r.id, type: 1, version1: 1, version3: 1, remind: 1, seqNo: 1, newest: 1 });
    expect(metrics.offers).toEqual(['system']);
  });

  it('up to date: no data, remind 0', async () => {
    await release('M1', 1, [1, 1, 0, 0], { remind: 1 });
    await release('M1', 2, [3, 0, 0, 0]);
    const result = await latest.execute(call('M1', [1, 1, 0], [3, 0, 0]));
    expect(result).toEqual({ extra: { remind: 0 } });
    expect('data' in result).toBe(false);
    expect(metrics.offers).toEqual(['none']);
  });

  it('offers an application release when the system firmware is up to date', async () => {
    await release('M1', 1, [1, 1, 0, 0]);
    const a = await release('M1', 2, [3, 1, 0, 0]);
    expect((await latest.execute(call('M1', [1, 1, 0], [3, 0, 0]))).data).toMatchObject({ id: a.id, type: 2 });
    expect(metrics.offers).toEqual(['app']);
  });

  it('checks in order: versions 010026 → chain 010120 → smart upgrade 010121', async () => {
    await release('OFF', 1, [1, 0, 0, 0]);
    await releases.setSmartUpgrade('OFF', false, new Date());
    // Versions are checked by the catalogue before the use case runs, so before the model is looked up.
    expect(() => call('NOPE', [-1, 0, 0], [1, 0, 0])).toThrow(expect.objectContaining({ code: ErrorCode.PT_FIRMWARE_VERSION_INVALID }));
    expect(() => call('OFF', [1, 0, 0], [1, 0, 2147483648])).toThrow(expect.objectContaining({ code: ErrorCode.PT_FIRMWARE_VERSION_INVALID }));
    expect(await failure(latest.execute(call('NOPE', [1, 0, 0], [1, 0, 0])))).toMatchObject({ code: ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS, failureDetails: 'model NOPE has no firmware upgrade chain' });
    expect(await failure(latest.execute(call('OFF', [1, 0, 0], [1, 0, 0])))).toMatchObject({ code: ErrorCode.PT_FIRMWARE_NOT_SUPPORT_UPGRADE, failureDetails: 'model OFF does not support smart upgrade' });
  });

  it('a model whose releases are all inactive has no chain (010120), even when smart upgrade is off', async () => {
    const r = await release('GONE', 2, [1, 0, 0, 0]);
    await releases.update(r.id, { active: false }, new Date());
    expect((await failure(latest.execute(call('GONE', [1, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS);
    await releases.setSmartUpgrade('GONE', false, new Date());
    expect((await failure(latest.execute(call('GONE', [1, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS);
  });

  it('rollout 0% is offered to no device; the device then gets what it is eligible for', async () => {
    const base = await release('RO', 1, [1, 1, 0, 0]);
    await release('RO', 1, [1, 2, 0, 0], { rolloutPercent: 0 });
    expect((await latest.execute(call('RO', [1, 0, 0], [0, 0, 0]))).data).toMatchObject({ id: base.id, newest: 0, seqNo: 1 });
  });

  it('oemCode is accepted and ignored', async () => {
    const r = await release('M1', 1, [2, 0, 0, 0]);
    expect((await latest.execute(call('M1', [1, 0, 0], [1, 0, 0], { oemCode: 'OTHER' }))).data).toMatchObject({ id: r.id });
  });

  it('a database failure answers 003301 (FC_SQLEXCEPTION)', async () => {
    releases.broken = true;
    expect(await failure(latest.execute(call('M1', [1, 0, 0], [1, 0, 0])))).toMatchObject({ code: ErrorCode.FC_SQLEXCEPTION, failureDetails: 'firmware lookup failed: database error' });
  });

  describe('rollout progress: what each answer records', () => {
    const modelIdOf = (machineTypeName: string) => releases.models.find((m) => m.machineTypeName === machineTypeName)!.id;
    /** The record of an answer, with the MAC in its canonical form, the user who asked and the runtime clock's time. */
    const recordOf = (modelId: number, fromSystem: string, fromApp: string, outcome: string, offeredReleaseId = 0) => ({
      modelId,
      macAddr: 'AABBCCDDEE01',
      userId: user.userId,
      fromSystem,
      fromApp,
      outcome,
      offeredReleaseId,
      at: new Date(T0),
    });

    it('an offer: the release offered, both versions asked from as chain keys (with the shared patchVersion)', async () => {
      await release('P1', 1, [1, 0, 0, 0]);
      const app = await release('P1', 2, [2, 5, 0, 0]);
      await latest.execute(call('P1', [1, 0, 0], [2, 4, 9], { patchVersion: '3' }));
      await recorder.flush();
      expect(checks.recorded).toEqual([recordOf(modelIdOf('P1'), '1.0.0.3', '2.4.9.3', 'offered', app.id)]);
    });

    it('up to date: no release, outcome up_to_date', async () => {
      await release('P2', 1, [1, 0, 0, 0]);
      expect(await latest.execute(call('P2', [1, 0, 0], [0, 0, 0]))).toEqual({ extra: { remind: 0 } });
      await recorder.flush();
      expect(checks.recorded).toEqual([recordOf(modelIdOf('P2'), '1.0.0.0', '0.0.0.0', 'up_to_date')]);
    });

    it('a release above the device not rolled out to it: outcome not_rolled_out, not up_to_date', async () => {
      await release('P3', 1, [2, 0, 0, 0], { rolloutPercent: 0 });
      expect(await latest.execute(call('P3', [1, 0, 0], [0, 0, 0]))).toEqual({ extra: { remind: 0 } });
      await recorder.flush();
      expect(checks.recorded).toEqual([recordOf(modelIdOf('P3'), '1.0.0.0', '0.0.0.0', 'not_rolled_out')]);
    });

    it('a lower release offered while a higher one is held back by its rollout counts as offered (the one offered)', async () => {
      const low = await release('P4', 1, [2, 0, 0, 0]);
      await release('P4', 1, [3, 0, 0, 0], { rolloutPercent: 0 });
      await latest.execute(call('P4', [1, 0, 0], [0, 0, 0]));
      await recorder.flush();
      expect(checks.recorded).toEqual([recordOf(modelIdOf('P4'), '1.0.0.0', '0.0.0.0', 'offered', low.id)]);
    });

    it('smart upgrade off: 010121 as before, recorded as refused', async () => {
      await release('P5', 1, [2, 0, 0, 0]);
      await releases.setSmartUpgrade('P5', false, new Date());
      expect((await failure(latest.execute(call('P5', [1, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.PT_FIRMWARE_NOT_SUPPORT_UPGRADE);
      await recorder.flush();
      expect(checks.recorded).toEqual([recordOf(modelIdOf('P5'), '1.0.0.0', '0.0.0.0', 'refused')]);
    });

    it('no chain (010120) and a failed lookup (003301) record nothing: there is no model to count for', async () => {
      expect((await failure(latest.execute(call('NONE', [1, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS);
      releases.broken = true;
      expect((await failure(latest.execute(call('NONE', [1, 0, 0], [0, 0, 0])))).code).toBe(ErrorCode.FC_SQLEXCEPTION);
      await recorder.flush();
      expect(checks.recorded).toEqual([]);
    });

    it('a failure to record changes no answer: the same offer, up-to-date answer and 010121, each counted as not recorded', async () => {
      const offered = await release('F1', 1, [2, 0, 0, 0], { remind: 1 });
      await release('F2', 1, [1, 0, 0, 0]);
      await release('F3', 1, [2, 0, 0, 0]);
      await releases.setSmartUpgrade('F3', false, new Date());
      const answers = async () => [
        await latest.execute(call('F1', [1, 0, 0], [0, 0, 0])),
        await latest.execute(call('F2', [1, 0, 0], [0, 0, 0])),
        await failure(latest.execute(call('F3', [1, 0, 0], [0, 0, 0]))),
      ];
      const recorded = await answers();
      await recorder.flush();
      expect(checks.recorded).toHaveLength(3);
      await recorder.flush();
      expect(metrics.notRecorded).toBe(0);

      // The same answers again after the recorder's interval (F23): each would be written, and fails.
      clock.advance(RECORD_INTERVAL_MS / 1000);
      checks.broken = true;
      const unrecorded = await answers();
      expect(unrecorded).toEqual(recorded);
      expect(unrecorded[0]).toMatchObject({ data: { id: offered.id }, extra: { remind: 1 } });
      expect(unrecorded[2]).toMatchObject({ code: ErrorCode.PT_FIRMWARE_NOT_SUPPORT_UPGRADE });
      await recorder.flush();
      expect(metrics.notRecorded).toBe(3);
      await recorder.flush();
      expect(checks.recorded).toHaveLength(3);
    });
  });
});

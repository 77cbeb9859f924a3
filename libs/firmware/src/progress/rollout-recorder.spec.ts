import { BOUND_DEVICES_MAX_PAIRS } from '@dcp/contracts';
import { BATCH_SIZE, MAX_QUEUED, RECORD_INTERVAL_MS, REMEMBERED_ANSWERS, RolloutRecorder } from './rollout-recorder';
import type { RolloutCheck } from './rollout-check';
import { FakeBoundDevices, FakeMetrics, MemoryRolloutChecks } from '../test/fakes';

const T0 = Date.parse('2026-11-24T10:00:00Z');

function check(overrides: Partial<RolloutCheck> = {}): RolloutCheck {
  return { modelId: 1, macAddr: 'AABBCCDDEEFF', userId: 1, fromSystem: '1.0.0.0', fromApp: '1.0.0.0', outcome: 'offered', offeredReleaseId: 7, at: new Date(T0), ...overrides };
}

function recorder() {
  const store = new MemoryRolloutChecks();
  const metrics = new FakeMetrics();
  const devices = new FakeBoundDevices();
  return { rec: new RolloutRecorder(store, metrics, devices), store, metrics, devices };
}

describe('RolloutRecorder (F19, F23)', () => {
  it('queues answers without touching the database, and writes them as one batch', async () => {
    const { rec, store } = recorder();
    rec.record(check());
    rec.record(check({ macAddr: '001122334455' }));
    expect(store.batches).toEqual([]);
    await rec.flush();
    expect(store.batches.map((b) => b.map((c) => c.macAddr))).toEqual([['AABBCCDDEEFF', '001122334455']]);
    await rec.flush();
    expect(store.batches).toHaveLength(1);
  });

  it('writes a full batch at once, without waiting for the interval', async () => {
    const { rec, store } = recorder();
    for (let i = 0; i < BATCH_SIZE; i++) rec.record(check({ modelId: i }));
    await rec.flush();
    expect(store.batches.map((b) => b.length)).toEqual([BATCH_SIZE]);
  });

  it('queues a repeated, unchanged answer once per interval', async () => {
    const { rec, store } = recorder();
    rec.record(check());
    rec.record(check({ at: new Date(T0 + 60_000) }));
    rec.record(check({ at: new Date(T0 + RECORD_INTERVAL_MS - 1) }));
    await rec.flush();
    expect(store.recorded).toHaveLength(1);
    rec.record(check({ at: new Date(T0 + RECORD_INTERVAL_MS) }));
    await rec.flush();
    expect(store.recorded.map((c) => c.at.getTime())).toEqual([T0, T0 + RECORD_INTERVAL_MS]);
  });

  it('queues at once whatever differs: another device, version, answer or release', async () => {
    const { rec, store } = recorder();
    rec.record(check());
    rec.record(check({ macAddr: '001122334455' }));
    rec.record(check({ fromSystem: '2.0.0.0' }));
    rec.record(check({ outcome: 'up_to_date', offeredReleaseId: 0 }));
    rec.record(check({ offeredReleaseId: 8 }));
    await rec.flush();
    expect(store.recorded).toHaveLength(5);
  });

  it('counts every answer of a batch it failed to write, and queues them again when they are asked again', async () => {
    const { rec, store, metrics } = recorder();
    store.broken = true;
    rec.record(check());
    rec.record(check({ macAddr: '001122334455' }));
    await expect(rec.flush()).resolves.toBeUndefined();
    expect(metrics.notRecorded).toBe(2);
    store.broken = false;
    rec.record(check({ at: new Date(T0 + 1000) }));
    await rec.flush();
    expect(store.recorded).toHaveLength(1);
  });

  it('drops and counts answers beyond its queue while the database lags', async () => {
    const { rec, store, metrics } = recorder();
    // Writes never finish: the queue fills up to its bound.
    store.record = () => new Promise(() => undefined);
    for (let i = 0; i < MAX_QUEUED + BATCH_SIZE * 3; i++) rec.record(check({ modelId: i }));
    expect(metrics.notRecorded).toBeGreaterThan(0);
    expect(metrics.notRecorded).toBeLessThanOrEqual(BATCH_SIZE * 3);
  });

  it('forgets the least recently queued answers beyond its bound, and queues them again', async () => {
    const { rec, store } = recorder();
    for (let i = 0; i <= REMEMBERED_ANSWERS; i++) {
      rec.record(check({ modelId: i }));
      // Written as they come, as the timer would: the queue stays within its bound.
      if (i % BATCH_SIZE === 0) await rec.flush();
    }
    await rec.flush();
    expect(store.recorded).toHaveLength(REMEMBERED_ANSWERS + 1);
    rec.record(check({ modelId: 0, at: new Date(T0 + 1000) }));
    rec.record(check({ modelId: REMEMBERED_ANSWERS, at: new Date(T0 + 1000) }));
    await rec.flush();
    expect(store.recorded).toHaveLength(REMEMBERED_ANSWERS + 2);
  });

  describe('only devices bound to the user who asked count (SDD1)', () => {
    it('drops and counts the answers whose device is not bound to the user who asked; keeps the bound ones; one question per batch', async () => {
      const { rec, store, metrics, devices } = recorder();
      devices.bound = new Set(['1|AABBCCDDEEFF']);
      rec.record(check());
      rec.record(check({ macAddr: '001122334455' }));
      // The same device named by another user: that user's answer is not counted.
      rec.record(check({ userId: 2, fromSystem: '2.0.0.0' }));
      await rec.flush();
      expect(devices.asked).toEqual([[{ userId: 1, macAddr: 'AABBCCDDEEFF' }, { userId: 1, macAddr: '001122334455' }, { userId: 2, macAddr: 'AABBCCDDEEFF' }]]);
      expect(store.recorded.map((c) => [c.userId, c.macAddr])).toEqual([[1, 'AABBCCDDEEFF']]);
      expect(metrics.notRecordedBy).toEqual({ not_bound: 2 });
    });

    it('asks once per distinct device and user, and writes nothing when none is bound', async () => {
      const { rec, store, devices } = recorder();
      devices.bound = new Set();
      rec.record(check());
      rec.record(check({ fromSystem: '2.0.0.0' }));
      rec.record(check({ outcome: 'up_to_date', offeredReleaseId: 0 }));
      await rec.flush();
      expect(devices.asked).toEqual([[{ userId: 1, macAddr: 'AABBCCDDEEFF' }]]);
      expect(store.batches).toEqual([]);
    });

    it('forgets a dropped answer: the device asked about during set-up is recorded as soon as it asks again once bound', async () => {
      const { rec, store, devices } = recorder();
      devices.bound = new Set();
      rec.record(check());
      await rec.flush();
      devices.bound.add('1|AABBCCDDEEFF');
      rec.record(check({ at: new Date(T0 + 1000) }));
      await rec.flush();
      expect(store.recorded.map((c) => c.at.getTime())).toEqual([T0 + 1000]);
    });

    it('never records unverified: while device-service does not answer the batch stays queued, and is written once it answers', async () => {
      const { rec, store, metrics, devices } = recorder();
      devices.down = true;
      rec.record(check());
      rec.record(check({ macAddr: '001122334455' }));
      await rec.flush();
      expect(store.batches).toEqual([]);
      expect(metrics.notRecorded).toBe(0);
      // A repeat while it waits is not queued twice.
      rec.record(check({ at: new Date(T0 + 1000) }));
      devices.down = false;
      devices.bound = new Set(['1|001122334455']);
      await rec.flush();
      expect(store.batches.map((b) => b.map((c) => c.macAddr))).toEqual([['001122334455']]);
      expect(metrics.notRecordedBy).toEqual({ not_bound: 1 });
    });

    it('while device-service is away, asks again once per round, not once per answer', async () => {
      const { rec, devices } = recorder();
      devices.down = true;
      rec.record(check());
      await rec.flush();
      for (let i = 1; i <= BATCH_SIZE * 2; i++) rec.record(check({ modelId: i }));
      expect(devices.asked).toHaveLength(1);
      devices.down = false;
      await rec.flush();
      expect(devices.asked).toHaveLength(2);
    });

    it('keeps what waits for device-service within the queue\'s bound, and counts what is still unverified when the service stops', async () => {
      const { rec, store, metrics, devices } = recorder();
      devices.down = true;
      for (let i = 0; i < MAX_QUEUED + BATCH_SIZE; i++) {
        rec.record(check({ modelId: i }));
        if (i % BATCH_SIZE === 0) await rec.flush();
      }
      await rec.flush();
      expect(metrics.notRecordedBy.queue_full).toBeGreaterThan(0);
      expect(metrics.notRecordedBy.queue_full).toBeLessThanOrEqual(BATCH_SIZE + 1);
      // Each question names at most BOUND_DEVICES_MAX_PAIRS pairs, however long the queue grew.
      expect(Math.max(...devices.asked.map((pairs) => pairs.length))).toBeLessThanOrEqual(BOUND_DEVICES_MAX_PAIRS);
      await rec.onApplicationShutdown();
      expect(store.batches).toEqual([]);
      expect(metrics.notRecordedBy.unverified).toBe(MAX_QUEUED + BATCH_SIZE - (metrics.notRecordedBy.queue_full ?? 0));
    });
  });

  it('writes what is queued when the service stops', async () => {
    const { rec, store } = recorder();
    rec.record(check());
    await rec.onApplicationShutdown();
    expect(store.recorded).toHaveLength(1);
  });
});

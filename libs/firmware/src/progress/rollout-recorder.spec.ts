import { BATCH_SIZE, MAX_QUEUED, RECORD_INTERVAL_MS, REMEMBERED_ANSWERS, RolloutRecorder } from './rollout-recorder';
import type { RolloutCheck } from './rollout-check';
import { FakeMetrics, MemoryRolloutChecks } from '../test/fakes';

const T0 = Date.parse('2026-11-24T10:00:00Z');

function check(overrides: Partial<RolloutCheck> = {}): RolloutCheck {
  return { modelId: 1, macAddr: 'AABBCCDDEEFF', fromSystem: '1.0.0.0', fromApp: '1.0.0.0', outcome: 'offered', offeredReleaseId: 7, at: new Date(T0), ...overrides };
}

function recorder() {
  const store = new MemoryRolloutChecks();
  const metrics = new FakeMetrics();
  return { rec: new RolloutRecorder(store, metrics), store, metrics };
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

  it('writes what is queued when the service stops', async () => {
    const { rec, store } = recorder();
    rec.record(check());
    await rec.onApplicationShutdown();
    expect(store.recorded).toHaveLength(1);
  });
});

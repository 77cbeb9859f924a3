import { RECORD_INTERVAL_MS, REMEMBERED_ANSWERS, RolloutRecorder } from './rollout-recorder';
import type { RolloutCheck } from './rollout-check';
import type { RolloutCheckStore } from './rollout-check.repository';

const T0 = Date.parse('2026-11-24T10:00:00Z');

function check(overrides: Partial<RolloutCheck> = {}): RolloutCheck {
  return { modelId: 1, macAddr: 'AABBCCDDEEFF', fromSystem: '1.0.0.0', fromApp: '1.0.0.0', outcome: 'offered', offeredReleaseId: 7, at: new Date(T0), ...overrides };
}

function recorder(failing = false) {
  const written: RolloutCheck[] = [];
  let fail = failing;
  const store: RolloutCheckStore = {
    record: async (c) => {
      if (fail) throw new Error('database away');
      written.push(c);
    },
    progress: async () => {
      throw new Error('not used');
    },
    purgeSeenBefore: async () => 0,
  };
  const notRecorded = { count: 0 };
  const metrics = { progressNotRecorded: () => notRecorded.count++ } as never;
  return { rec: new RolloutRecorder(store, metrics), written, notRecorded, heal: () => (fail = false) };
}

describe('RolloutRecorder (F19, F23)', () => {
  it('writes a repeated, unchanged answer once per interval', async () => {
    const { rec, written } = recorder();
    await rec.record(check());
    await rec.record(check({ at: new Date(T0 + 60_000) }));
    await rec.record(check({ at: new Date(T0 + RECORD_INTERVAL_MS - 1) }));
    expect(written).toHaveLength(1);
    await rec.record(check({ at: new Date(T0 + RECORD_INTERVAL_MS) }));
    expect(written.map((c) => c.at.getTime())).toEqual([T0, T0 + RECORD_INTERVAL_MS]);
  });

  it('writes at once whatever differs: another device, version, answer or release', async () => {
    const { rec, written } = recorder();
    await rec.record(check());
    await rec.record(check({ macAddr: '001122334455' }));
    await rec.record(check({ fromSystem: '2.0.0.0' }));
    await rec.record(check({ outcome: 'up_to_date', offeredReleaseId: 0 }));
    await rec.record(check({ offeredReleaseId: 8 }));
    expect(written).toHaveLength(5);
  });

  it('does not remember an answer it failed to write: the next one tries again', async () => {
    const { rec, written, notRecorded, heal } = recorder(true);
    await rec.record(check());
    expect(notRecorded.count).toBe(1);
    heal();
    await rec.record(check({ at: new Date(T0 + 1000) }));
    expect(written).toHaveLength(1);
  });

  it('forgets the least recently written answers beyond its bound, and writes them again', async () => {
    const { rec, written } = recorder();
    for (let i = 0; i <= REMEMBERED_ANSWERS; i++) await rec.record(check({ modelId: i }));
    expect(written).toHaveLength(REMEMBERED_ANSWERS + 1);
    await rec.record(check({ modelId: 0, at: new Date(T0 + 1000) }));
    expect(written).toHaveLength(REMEMBERED_ANSWERS + 2);
    await rec.record(check({ modelId: REMEMBERED_ANSWERS, at: new Date(T0 + 1000) }));
    expect(written).toHaveLength(REMEMBERED_ANSWERS + 2);
  });
});

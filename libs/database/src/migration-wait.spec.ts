import type { MigrationStatus } from './migration-status';
import { notReady, waitForMigrations } from './migration-wait';

const status = (over: Partial<MigrationStatus> = {}): MigrationStatus => ({
  service: 's',
  initialised: true,
  applied: ['1_init'],
  pending: [],
  failed: [],
  modified: [],
  unknown: [],
  ...over,
});

/** A fake clock: sleep advances it, so deadlines are exact and the test never waits. */
function clock() {
  let t = 0;
  return { now: () => t, sleep: async (ms: number) => void (t += ms) };
}

describe('notReady', () => {
  it('is undefined for a fully migrated schema, also with migrations of a newer release', () => {
    expect(notReady(status())).toBeUndefined();
    expect(notReady(status({ unknown: ['9_newer'] }))).toBeUndefined();
    expect(notReady(status({ initialised: false, applied: [], pending: [] }))).toBeUndefined();
  });

  it('names what blocks: pending, failed, modified, or no schema yet', () => {
    expect(notReady(status({ pending: ['2_next'] }))).toBe('pending 2_next');
    expect(notReady(status({ failed: ['2_next'] }))).toBe('FAILED 2_next');
    expect(notReady(status({ modified: ['1_init'] }))).toBe('changed after being applied 1_init');
    expect(notReady(status({ initialised: false, applied: [], pending: ['1_init'] }))).toBe('not initialised; pending 1_init');
  });
});

describe('waitForMigrations', () => {
  it('returns at once when every schema is migrated', async () => {
    const c = clock();
    const lines: string[] = [];
    const ok = await waitForMigrations(['a', 'b'], { timeoutMs: 10_000, intervalMs: 1000, status: async () => status(), log: (l) => lines.push(l), ...c });
    expect(ok).toBe(true);
    expect(c.now()).toBe(0);
    expect(lines).toEqual(['migrate wait: a, b migrated']);
  });

  it('polls through an unreachable database and pending migrations until the Job has applied them', async () => {
    const c = clock();
    const seen: string[] = [];
    const lines: string[] = [];
    const ok = await waitForMigrations(['a'], {
      timeoutMs: 60_000,
      intervalMs: 2000,
      ...c,
      log: (l) => lines.push(l),
      status: async (service) => {
        seen.push(`${service}@${c.now()}`);
        if (c.now() < 2000) throw new Error('connect ECONNREFUSED');
        return c.now() < 6000 ? status({ pending: ['2_next'] }) : status({ applied: ['1_init', '2_next'] });
      },
    });
    expect(ok).toBe(true);
    expect(seen).toEqual(['a@0', 'a@2000', 'a@4000', 'a@6000']);
    expect(lines[0]).toMatch(/a: database unavailable \(connect ECONNREFUSED\)/);
    expect(lines[1]).toBe('migrate wait: a: pending 2_next');
  });

  it('stops asking about a service once it is migrated', async () => {
    const c = clock();
    const asked: string[] = [];
    await waitForMigrations(['a', 'b'], {
      timeoutMs: 60_000,
      intervalMs: 1000,
      ...c,
      log: () => undefined,
      status: async (service) => {
        asked.push(service);
        return service === 'b' && c.now() < 2000 ? status({ pending: ['2'] }) : status();
      },
    });
    expect(asked).toEqual(['a', 'b', 'b', 'b']);
  });

  it('gives up at the deadline, naming what it still waits for', async () => {
    const c = clock();
    const lines: string[] = [];
    const ok = await waitForMigrations(['a'], { timeoutMs: 5000, intervalMs: 2000, ...c, log: (l) => lines.push(l), status: async () => status({ failed: ['2_next'] }) });
    expect(ok).toBe(false);
    expect(c.now()).toBe(5000);
    expect(lines.at(-1)).toBe('migrate wait: gave up after 5s; still waiting for a: FAILED 2_next');
  });
});

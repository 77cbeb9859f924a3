import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HealthRegistry } from '@dcp/runtime';
import type { ObjectStoreConfig } from '../object-store-config';
import { SharedStoreGuard } from './shared-store-guard';
import type { StoreLease } from './store-lease';
import type { StoreLeaseRepository } from './store-lease.repository';

/** Lease rows in memory: what the guard wrote and asked. */
function memoryLeases() {
  const rows = new Map<string, StoreLease>();
  const calls: string[] = [];
  const repo = {
    renew: async (lease: StoreLease) => {
      calls.push('renew');
      rows.set(lease.instanceId, lease);
    },
    all: async () => {
      calls.push('all');
      return [...rows.values()];
    },
    release: async (id: string) => {
      calls.push('release');
      rows.delete(id);
    },
  } as unknown as StoreLeaseRepository;
  return { repo, rows, calls };
}

describe('SharedStoreGuard', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dcp-guard-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const guard = (mode: 'embedded' | 'distributed', config: ObjectStoreConfig, repo: StoreLeaseRepository) => {
    const health = new HealthRegistry();
    return { guard: new SharedStoreGuard({ mode }, health, { now: () => 1_800_000_000_000 }, config, repo), health };
  };

  it('in embedded mode takes no lease, writes no store id and adds no readiness check', async () => {
    const { repo, calls } = memoryLeases();
    const { guard: g, health } = guard('embedded', { kind: 'filesystem', root: dir }, repo);
    await g.start();
    await g.heartbeat();
    await g.stop();
    expect(calls).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    expect(health.entries()).toEqual([]);
  });

  it('in distributed mode on a local folder holds a lease from start to stop', async () => {
    const { repo, rows, calls } = memoryLeases();
    const { guard: g, health } = guard('distributed', { kind: 'filesystem', root: dir }, repo);
    await g.start();
    expect(rows.size).toBe(1);
    expect(health.entries().map(([name]) => name)).toEqual(['store-sharing:storage']);
    await g.stop();
    expect(rows.size).toBe(0);
    expect(calls).toEqual(['renew', 'all', 'release']);
  });
});

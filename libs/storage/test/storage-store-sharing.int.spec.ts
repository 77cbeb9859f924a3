/**
 * Replicas of storage-service on local object stores, over one real PostgreSQL schema (docs/decisions.md OS1,
 * OS2): a second instance on a folder of its own refuses to start; instances on one shared folder run side
 * by side; a running instance that finds another live one on a different store is not ready until it is gone;
 * a dead instance's lease stops counting once stale (clock moved, no waiting); S3 stores hold no lease.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ShiftableClock, describeWithInfra } from '@dcp/testing';
import { FilesystemObjectStore } from '../src/objects/fs-object-store';
import { STORE_ID_FILE } from '../src/objects/sharing/store-id-file';
import { STORE_LEASE } from '../src/objects/sharing/store-lease';
import { SharedStoreGuard, StoreNotSharedError } from '../src/objects/sharing/shared-store-guard';
import { type StorageHarness, startStorageHarness } from './storage-harness';

describeWithInfra(['postgres'], 'storage: one object store for every replica (PostgreSQL)', () => {
  const open: StorageHarness[] = [];
  const dirs: string[] = [];
  const start = async (opts: Parameters<typeof startStorageHarness>[0] = {}) => {
    const h = await startStorageHarness(opts);
    open.push(h);
    return h;
  };
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'dcp-store-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    // Newest first: the harness that created the database drops it last.
    for (const h of open.splice(0).reverse()) await h.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const leases = async (h: StorageHarness) =>
    (await h.sql.query<{ store_id: string; location: string }>('SELECT store_id, location FROM storage.store_instance ORDER BY started_at')).rows;
  /** Runs a heartbeat now, then the readiness check; resolves with its failure message ('' when ready). */
  const readiness = async (h: StorageHarness) => {
    await h.module.get(SharedStoreGuard, { strict: false }).heartbeat();
    const check = h.runtime.health.entries().find(([name]) => name === 'store-sharing:storage')![1];
    return check().then(
      () => '',
      (err: Error) => err.message,
    );
  };

  it('a second instance on a local folder of its own refuses to start, naming OBJECT_STORE_URL and a shared volume', async () => {
    const first = await start();
    const refusal = await startStorageHarness({ database: first.databaseUrl }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(StoreNotSharedError);
    const message = (refusal as Error).message;
    expect(message).toContain('OBJECT_STORE_URL=s3://');
    expect(message).toContain('OBJECT_STORE_URL=file:///');
    expect(message).toContain('ReadWriteMany');
    expect(message).toContain(join(first.dataDir, 'objects'));
    // The refused instance left no lease; the first one keeps running, ready.
    expect(await leases(first)).toHaveLength(1);
    expect(await readiness(first)).toBe('');
  });

  it('instances on one shared folder share its store id and both run, ready', async () => {
    const shared = folder();
    const first = await start({ dataDir: shared });
    const second = await start({ database: first.databaseUrl, dataDir: shared });
    const rows = await leases(first);
    expect(rows).toHaveLength(2);
    expect(rows[0].store_id).toBe(rows[1].store_id);
    expect(existsSync(join(shared, 'objects', STORE_ID_FILE))).toBe(true);
    expect([await readiness(first), await readiness(second)]).toEqual(['', '']);
  });

  it('a running instance is not ready while another live instance writes elsewhere, and ready again once it is gone', async () => {
    const h = await start();
    const other = randomUUID();
    const now = new Date(h.clock.now());
    await h.sql.query('INSERT INTO storage.store_instance (instance_id, store_id, location, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, $4)', [other, randomUUID(), 'pod-b:/var/lib/dcp/objects', now]);
    const failure = await readiness(h);
    expect(failure).toContain('pod-b:/var/lib/dcp/objects');
    expect(failure).toContain('OBJECT_STORE_URL');
    await h.sql.query('DELETE FROM storage.store_instance WHERE instance_id = $1', [other]);
    expect(await readiness(h)).toBe('');
  });

  it('a dead instance\'s stale lease blocks nobody', async () => {
    const first = await start();
    // The first instance stops renewing (as if its pod died): the newcomer's clock is past the staleness margin.
    await first.module.get(SharedStoreGuard, { strict: false }).heartbeat();
    const later = new ShiftableClock();
    later.advance(STORE_LEASE.staleAfterMs / 1000 + 1);
    const second = await start({ database: first.databaseUrl, clock: later });
    expect(await leases(second)).toHaveLength(2);
    expect(await readiness(second)).toBe('');
  });

  it('an S3 store takes no lease and writes no store id', async () => {
    const dataDir = folder();
    const h = await start({
      dataDir,
      objectStoreConfig: { kind: 's3', bucket: 'recordings', prefix: '', region: 'us-east-1', forcePathStyle: true, endpoint: 'http://127.0.0.1:9' },
      objectStore: new FilesystemObjectStore(join(dataDir, 'bytes')),
    });
    const second = await start({
      database: h.databaseUrl,
      objectStoreConfig: { kind: 's3', bucket: 'recordings', prefix: '', region: 'us-east-1', forcePathStyle: true, endpoint: 'http://127.0.0.1:9' },
      objectStore: new FilesystemObjectStore(join(folder(), 'bytes')),
    });
    expect(await leases(h)).toEqual([]);
    expect(existsSync(join(dataDir, 'objects', STORE_ID_FILE))).toBe(false);
    expect(second.runtime.health.entries().map(([name]) => name)).not.toContain('store-sharing:storage');
  });
});

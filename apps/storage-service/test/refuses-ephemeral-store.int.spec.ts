/**
 * A built storage-service that would keep recordings where they die with the pod refuses to start with exit
 * code 2 and one fatal line naming OBJECT_STORE_URL (docs/decisions.md OS2): Kubernetes shows the pod in
 * CrashLoopBackOff with the reason, instead of a Ready pod that loses recordings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateService, serviceDatabase } from '@dcp/database';
import { type AppProcess, TEST_NATS_URL, buildApps, createTestDatabase, describeWithInfra, freePort, logLinesAt, startApp } from '@dcp/testing';

jest.setTimeout(120_000);

describeWithInfra(['postgres', 'nats'], 'storage-service refuses an ephemeral object store in production', () => {
  let db: { url: string; drop: () => Promise<void> } | undefined;
  let dataDir: string;
  let app: AppProcess | undefined;

  beforeAll(async () => {
    buildApps('storage-service');
    db = await createTestDatabase('dcp_storage_refusal');
    await migrateService(serviceDatabase('storage'), { kind: 'postgres', url: db.url });
    dataDir = mkdtempSync(join(tmpdir(), 'dcp-storage-refusal-'));
  });
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['unset (the container-local DATA_DIR/objects)', undefined],
    ['a folder under /tmp', 'file:///tmp/recordings'],
  ])('OBJECT_STORE_URL %s → exit 2 with a fatal line naming OBJECT_STORE_URL', async (_label, objectStoreUrl) => {
    app = startApp('storage-service', {
      // No ADMIN_TOKEN: a service that serves no admin API needs none, in production too (SDA2).
      NODE_ENV: 'production',
      SECRETS_KEY: 'ab'.repeat(32),
      DATABASE_URL: db!.url,
      NATS_URL: TEST_NATS_URL,
      DATA_DIR: dataDir,
      HEALTH_PORT: String(await freePort()),
      ...(objectStoreUrl ? { OBJECT_STORE_URL: objectStoreUrl } : {}),
    });
    expect(await app.exited).toEqual({ code: 2, signal: null });
    const fatal = logLinesAt(app, 'fatal');
    expect(fatal).toHaveLength(1);
    expect(fatal[0].msg).toMatch(/OBJECT_STORE_URL/);
  });
});

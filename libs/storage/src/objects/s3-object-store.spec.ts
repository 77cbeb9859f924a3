/**
 * The S3 adapter against a real S3-compatible server (s3rver, in this process): the same requests the SDK
 * sends to AWS S3 or MinIO, path-style, with a key prefix.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { segmentObjectKey } from './object-store';
import { S3ObjectStore } from './s3-object-store';

// s3rver ships no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

describe('S3ObjectStore (against s3rver)', () => {
  let dir: string;
  let server: InstanceType<typeof S3rver>;
  let endpoint: string;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const key = (n: number) => segmentObjectKey('0A1B2C3D4E5F', `3f6c1a52-8a4e-4d1e-9d0b-6a2f5e0c9b${String(n).padStart(2, '0')}`);

  beforeAll(async () => {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    dir = mkdtempSync(join(tmpdir(), 'dcp-s3rver-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'recordings', configs: [] }] });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const store = (bucket = 'recordings', prefix = 'dcp') => new S3ObjectStore({ kind: 's3', bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true }, { credentials });

  it('puts, gets and deletes objects under the prefix; a missing object is undefined', async () => {
    const s = store();
    expect(s.location).toBe(`s3://recordings/dcp at ${endpoint}`);
    const bytes = Buffer.alloc(188 * 100, 0x47);
    await s.put(key(1), bytes);
    expect((await s.get(key(1)))?.equals(bytes)).toBe(true);
    // The prefix is part of the key in the bucket: another prefix does not see it.
    expect(await store('recordings', 'other').get(key(1))).toBeUndefined();
    expect(await s.get(key(2))).toBeUndefined();
    await s.close();
  });

  it('deletes in batches; keys without an object are no error', async () => {
    const s = store();
    for (const n of [3, 4, 5]) await s.put(key(n), Buffer.from(`object ${n}`));
    await s.delete([key(3), key(4), key(5), key(6)]);
    for (const n of [3, 4, 5]) expect(await s.get(key(n))).toBeUndefined();
    await s.close();
  });

  it('ping answers for an existing bucket and fails for a missing one', async () => {
    await expect(store().ping()).resolves.toBeUndefined();
    await expect(store('no-such-bucket').ping()).rejects.toThrow();
  });

  it('refuses keys it did not make', async () => {
    await expect(store().put('../x', Buffer.from('x'))).rejects.toThrow('not a storage object key');
  });
});

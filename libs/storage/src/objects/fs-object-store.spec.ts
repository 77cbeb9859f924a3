import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilesystemObjectStore } from './fs-object-store';
import { segmentObjectKey } from './object-store';

describe('FilesystemObjectStore', () => {
  let root: string;
  let store: FilesystemObjectStore;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'dcp-objects-'));
    store = new FilesystemObjectStore(join(root, 'objects'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const key = segmentObjectKey('0A1B2C3D4E5F', '3f6c1a52-8a4e-4d1e-9d0b-6a2f5e0c9b11');

  it('puts, gets, replaces and deletes objects; a missing object is undefined, deleting it again is no error', async () => {
    expect(key).toBe('segments/0A1B2C3D4E5F/3f6c1a52-8a4e-4d1e-9d0b-6a2f5e0c9b11.ts');
    await store.put(key, Buffer.from('one'));
    expect((await store.get(key))?.toString()).toBe('one');
    await store.put(key, Buffer.from('two'));
    expect((await store.get(key))?.toString()).toBe('two');
    expect(readdirSync(join(root, 'objects', 'segments', '0A1B2C3D4E5F'))).toEqual(['3f6c1a52-8a4e-4d1e-9d0b-6a2f5e0c9b11.ts']); // no temporary left behind
    await store.delete([key]);
    expect(await store.get(key)).toBeUndefined();
    await store.delete([key]);
  });

  it('refuses keys it did not make (no path escapes)', async () => {
    await expect(store.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow('not a storage object key');
    await expect(store.get('segments/0A1B2C3D4E5F/../../x.ts')).rejects.toThrow('not a storage object key');
  });

  it('ping creates the root', async () => {
    await store.ping();
    expect(readdirSync(root)).toEqual(['objects']);
  });
});

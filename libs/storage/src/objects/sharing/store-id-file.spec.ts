import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORE_ID_FILE, readOrCreateStoreId } from './store-id-file';

describe('readOrCreateStoreId', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dcp-store-id-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the folder and its id once; later reads answer the same id', async () => {
    const root = join(dir, 'objects');
    const id = await readOrCreateStoreId(root);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await readOrCreateStoreId(root)).toBe(id);
    expect(readFileSync(join(root, STORE_ID_FILE), 'utf8').trim()).toBe(id);
  });

  it('instances creating it at the same time all end up with the one id that won, leaving no temporary file', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => readOrCreateStoreId(dir)));
    expect(new Set(ids).size).toBe(1);
    expect(readdirSync(dir)).toEqual([STORE_ID_FILE]);
  });

  it('two folders have different ids', async () => {
    expect(await readOrCreateStoreId(join(dir, 'a'))).not.toBe(await readOrCreateStoreId(join(dir, 'b')));
  });
});

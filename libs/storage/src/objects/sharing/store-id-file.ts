/**
 * The identity of a local object store folder: a random id kept in `<root>/.dcp-store-id`, created once by
 * whichever instance gets there first. Instances mounting the same folder (one ReadWriteMany volume) read the
 * same id; two folders that merely have the same path on different pods have different ids.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const STORE_ID_FILE = '.dcp-store-id';

const read = async (file: string): Promise<string | undefined> => {
  try {
    const id = (await readFile(file, 'utf8')).trim();
    return id || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
};

/** The folder's store id, created if the folder has none. */
export async function readOrCreateStoreId(root: string): Promise<string> {
  const file = join(root, STORE_ID_FILE);
  const existing = await read(file);
  if (existing) return existing;
  await mkdir(root, { recursive: true });
  // Written aside and linked into place: link fails if another instance created the file meanwhile, so every
  // instance ends up with the one id that won, and nobody reads a half-written file.
  const tmp = `${file}.${randomUUID()}.tmp`;
  await writeFile(tmp, `${randomUUID()}\n`);
  try {
    await link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await rm(tmp, { force: true });
  }
  const id = await read(file);
  if (!id) throw new Error(`${file} is empty`);
  return id;
}

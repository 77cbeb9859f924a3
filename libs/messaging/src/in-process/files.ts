/** Small file helpers for the embedded event store: atomic replace and append, both fsync'ed. */
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Writes to a temporary file and renames it over the target: readers see the old or the new content, never half. */
export async function replaceFile(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, path);
}

export async function appendToFile(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, 'a');
  try {
    await handle.appendFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

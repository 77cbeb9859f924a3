/**
 * Objects as files under one root folder (`DATA_DIR/objects`). A put writes a temporary file and renames it
 * into place, so a reader never sees half an object; its folder is made only when the write finds none (one
 * system call less per segment on the camera upload path).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type ObjectStore, assertObjectKey } from './object-store';

export class FilesystemObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  get location(): string {
    return `filesystem ${this.root}`;
  }

  private path(key: string): string {
    assertObjectKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.path(key);
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(tmp, bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(dirname(file), { recursive: true });
      await writeFile(tmp, bytes);
    }
    await rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) await rm(this.path(key), { force: true });
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async close(): Promise<void> {
    /* nothing held open */
  }
}

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrationList, migrationChecksum, migrationNames, migrationNamesUpTo, nextMigrationFolder } from './migration-files';

describe('nextMigrationFolder', () => {
  it('stamps the folder with the UTC time to the second', () => {
    expect(nextMigrationFolder([], 'init', new Date('2026-03-04T05:06:07.890Z'))).toBe('20260304050607_init');
  });

  it('stays after the last migration when the clock is behind it or in the same second', () => {
    expect(nextMigrationFolder(['20260304050607_init'], 'next', new Date('2026-03-04T05:06:07.999Z'))).toBe('20260304050608_next');
    expect(nextMigrationFolder(['20261231235959_init'], 'next', new Date('2026-01-01T00:00:00Z'))).toBe('20270101000000_next');
  });
});

describe('migrations folder', () => {
  let dir: string;
  const def = () => ({ service: 'x', prismaDir: dir });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dcp-mf-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads nothing from a missing folder', () => {
    expect(migrationNames(def())).toEqual([]);
    expect(loadMigrationList(def())).toMatchObject({ lockfile: { content: null }, migrationDirectories: [] });
  });

  it('lists migration folders in timestamp order with their SQL, and reports a missing migration.sql to the engine', () => {
    const m = join(dir, 'migrations');
    for (const [name, sql] of [['20260102000000_b', 'SELECT 2;'], ['20260101000000_a', 'SELECT 1;']]) {
      mkdirSync(join(m, name), { recursive: true });
      writeFileSync(join(m, name, 'migration.sql'), sql);
    }
    mkdirSync(join(m, '20260103000000_empty'));
    writeFileSync(join(m, 'migration_lock.toml'), 'provider = "postgresql"\n');
    const list = loadMigrationList(def());
    expect(list.lockfile.content).toBe('provider = "postgresql"\n');
    expect(list.migrationDirectories.map((d) => [d.path, d.migrationFile.content.tag])).toEqual([
      ['20260101000000_a', 'ok'],
      ['20260102000000_b', 'ok'],
      ['20260103000000_empty', 'error'],
    ]);
    expect(list.migrationDirectories[0].migrationFile.content).toEqual({ tag: 'ok', value: 'SELECT 1;' });
    expect(migrationChecksum(def(), '20260101000000_a')).toBe(createHash('sha256').update('SELECT 1;').digest('hex'));
    expect(migrationChecksum(def(), '20260103000000_empty')).toBeUndefined();
  });

  it('upTo keeps the migrations up to and including the one named, and refuses a name that is not a migration', () => {
    const m = join(dir, 'migrations');
    for (const name of ['20260101000000_a', '20260102000000_b', '20260103000000_c']) {
      mkdirSync(join(m, name), { recursive: true });
      writeFileSync(join(m, name, 'migration.sql'), 'SELECT 1;');
    }
    expect(migrationNamesUpTo(def(), undefined)).toEqual(['20260101000000_a', '20260102000000_b', '20260103000000_c']);
    expect(migrationNamesUpTo(def(), '20260102000000_b')).toEqual(['20260101000000_a', '20260102000000_b']);
    expect(loadMigrationList(def(), { upTo: '20260101000000_a' }).migrationDirectories.map((d) => d.path)).toEqual(['20260101000000_a']);
    expect(loadMigrationList(def(), { upTo: '20260103000000_c' }).migrationDirectories).toHaveLength(3);
    expect(() => loadMigrationList(def(), { upTo: '20260102000000' })).toThrow('x: no migration "20260102000000" (migrations: 20260101000000_a, 20260102000000_b, 20260103000000_c)');
  });
});

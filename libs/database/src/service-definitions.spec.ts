import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allServiceDatabases, assertServiceName, quoteIdent, serviceDatabase, workspaceRoot } from './service-definitions';

describe('workspaceRoot', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dcp-root-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function touch(path: string): void {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), '{}');
  }

  it('is the folder with nx.json, from the sources and from dist/', () => {
    touch('nx.json');
    touch('package.json');
    mkdirSync(join(dir, 'libs/database/src/cli'), { recursive: true });
    mkdirSync(join(dir, 'dist/libs/database/src/cli'), { recursive: true });
    expect(workspaceRoot(join(dir, 'libs/database/src/cli'))).toBe(dir);
    expect(workspaceRoot(join(dir, 'dist/libs/database/src/cli'))).toBe(dir);
  });

  it('is the folder with package.json beside libs/ in the image (no nx.json there)', () => {
    touch('app/package.json');
    touch('app/libs/sso/prisma/schema.prisma');
    mkdirSync(join(dir, 'app/dist/libs/database/src'), { recursive: true });
    expect(workspaceRoot(join(dir, 'app/dist/libs/database/src'))).toBe(join(dir, 'app'));
    expect(allServiceDatabases(join(dir, 'app'))).toEqual([{ service: 'sso', prismaDir: join(dir, 'app/libs/sso/prisma') }]);
  });

  it('finds this repository from this file', () => {
    expect(workspaceRoot()).toBe(join(__dirname, '../../..'));
  });
});

describe('service names', () => {
  it('accepts plain lower-case identifiers only (they become PostgreSQL schema names)', () => {
    expect(() => assertServiceName('sso')).not.toThrow();
    expect(() => assertServiceName('device_2')).not.toThrow();
    for (const bad of ['', 'SSO', '2fa', 'a-b', 'x"; DROP SCHEMA public; --']) expect(() => assertServiceName(bad)).toThrow(/lower-case identifier/);
  });

  it('quotes identifiers for SQL', () => {
    expect(quoteIdent('sso')).toBe('"sso"');
    expect(quoteIdent('a"b')).toBe('"a""b"');
  });

  it('names the known services when one has no schema', () => {
    expect(() => serviceDatabase('nosuchservice')).toThrow(/nosuchservice.*services with a database:/s);
  });
});

/**
 * docker/entrypoint.sh and docker/healthcheck.js, run for real: the entrypoint in a copy of the image's
 * layout (dist/ as tools/build.mjs lays it out, a stand-in `node` that reports what it was asked to run),
 * the healthcheck against a live HTTP server.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appDirectories, documentedAppValues, exists, hasMain, ROOT } from './workspace';

const MIGRATE_SOURCE = 'libs/database/src/cli/migrate.ts';

describe('documented APP values (docker/README.md)', () => {
  const documented = documentedAppValues();

  it('cover every app directory, plus migrate, and nothing that does not exist', () => {
    expect(documented.filter((a) => a !== 'migrate').sort()).toEqual(appDirectories());
    expect(documented).toContain('migrate');
  });

  it.each(appDirectories().map((a) => [a]))('%s has an entry point (src/main.ts)', (app) => {
    expect(hasMain(app)).toBe(true);
  });

  it('migrate has its command (libs/database/src/cli/migrate.ts)', () => {
    expect(exists(MIGRATE_SOURCE)).toBe(true);
  });
});

describe('docker/entrypoint.sh', () => {
  let root: string;
  let bin: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'dcp-entrypoint-'));
    mkdirSync(join(root, 'docker'));
    copyFileSync(join(ROOT, 'docker/entrypoint.sh'), join(root, 'docker/entrypoint.sh'));
    chmodSync(join(root, 'docker/entrypoint.sh'), 0o755);
    // The layout tools/build.mjs produces: <source>.ts → dist/<source>.js.
    for (const source of [...appDirectories().filter(hasMain).map((a) => `apps/${a}/src/main.ts`), MIGRATE_SOURCE].filter(exists)) {
      const out = join(root, 'dist', source.replace(/\.ts$/, '.js'));
      mkdirSync(join(out, '..'), { recursive: true });
      writeFileSync(out, '');
    }
    bin = join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'node'), '#!/bin/sh\nprintf "cwd=%s\\n" "$PWD"\nprintf "arg=%s\\n" "$@"\nprintf "APP=%s\\n" "$APP"\n');
    chmodSync(join(bin, 'node'), 0o755);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function run(env: Record<string, string>, args: string[] = []) {
    // Started from another folder: the script must find dist/ by its own location.
    const r = spawnSync('sh', [join(root, 'docker/entrypoint.sh'), ...args], { cwd: tmpdir(), env: { PATH: `${bin}:/usr/bin:/bin`, ...env }, encoding: 'utf8' });
    const lines = r.stdout.split('\n').filter(Boolean);
    return { status: r.status, stderr: r.stderr, cwd: lines.find((l) => l.startsWith('cwd='))?.slice(4), args: lines.filter((l) => l.startsWith('arg=')).map((l) => l.slice(4)), app: lines.find((l) => l.startsWith('APP='))?.slice(4) };
  }

  it.each(appDirectories().filter(hasMain).map((a) => [a]))('APP=%s runs that app\'s compiled main from the image root', (app) => {
    const r = run({ APP: app });
    expect(r.status).toBe(0);
    expect(r.cwd).toBe(root);
    expect(r.args).toEqual(['--enable-source-maps', `dist/apps/${app}/src/main.js`]);
    expect(r.app).toBe(app);
  });

  it('APP=migrate and the `migrate` argument both apply the migrations', () => {
    for (const r of [run({ APP: 'migrate' }), run({}, ['migrate']), run({ APP: 'sso-service' }, ['migrate'])]) {
      expect(r.status).toBe(0);
      expect(r.args).toEqual(['--enable-source-maps', MIGRATE_SOURCE.replace(/^/, 'dist/').replace(/\.ts$/, '.js'), 'deploy']);
    }
  });

  it('`migrate <command> …` runs that command of the migrate CLI (the Deployments\' initContainers: migrate wait)', () => {
    const r = run({}, ['migrate', 'wait', '--timeout', '900']);
    expect(r.status).toBe(0);
    expect(r.args).toEqual(['--enable-source-maps', MIGRATE_SOURCE.replace(/^/, 'dist/').replace(/\.ts$/, '.js'), 'wait', '--timeout', '900']);
  });

  it('refuses a missing, unknown or path-like APP, naming the valid ones', () => {
    const refused: Record<string, string>[] = [{}, { APP: 'no-such-app' }, { APP: '../../etc' }, { APP: 'platform/../x' }];
    for (const env of refused) {
      const r = run(env);
      expect(r.status).toBe(64);
      expect(r.args).toEqual([]);
      for (const app of appDirectories().filter(hasMain)) expect(r.stderr).toContain(app);
    }
    const extra = run({ APP: 'sso-service' }, ['--inspect']);
    expect(extra.status).toBe(64);
  });
});

describe('docker/healthcheck.js', () => {
  let server: Server;
  let port: number;
  let status = 200;
  const paths: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.statusCode = status;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    paths.length = 0;
    status = 200;
  });

  const check = (env: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const child = execFile(process.execPath, [join(ROOT, 'docker/healthcheck.js')], { env: { PATH: process.env.PATH ?? '', ...env } });
      child.on('exit', (code) => resolve(code ?? -1));
    });

  it('asks a service on HEALTH_PORT /health/live and reports its answer', async () => {
    expect(await check({ APP: 'sso-service', HEALTH_PORT: String(port) })).toBe(0);
    expect(paths).toEqual(['/health/live']);
    status = 503;
    expect(await check({ APP: 'sso-service', HEALTH_PORT: String(port) })).toBe(1);
  });

  it('asks the edge and the platform on PORT', async () => {
    for (const app of ['gateway-edge', 'platform']) expect(await check({ APP: app, PORT: String(port), HEALTH_PORT: '1' })).toBe(0);
    expect(paths).toEqual(['/health/live', '/health/live']);
  });

  it('accepts any answer from the reference merchant on SANDBOX_PORT', async () => {
    status = 404;
    expect(await check({ APP: 'merchant-sandbox', SANDBOX_PORT: String(port) })).toBe(0);
    expect(paths).toEqual(['/']);
  });

  it('is unhealthy when nothing listens, healthy with nothing to check (migrate)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await check({ APP: 'device-service', HEALTH_PORT: String(closedPort) })).toBe(1);
    expect(await check({ APP: 'migrate' })).toBe(0);
    expect(paths).toEqual([]);
  });
});

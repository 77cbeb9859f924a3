/**
 * docker/compose.yaml runs the distributed platform locally: PostgreSQL 15, NATS with JetStream, the
 * migration one-shot before any service, every service and the reference merchant from the one image,
 * each with a configuration the runtime accepts.
 */
import { STORAGE_LIMITS } from '@dcp/contracts';
import { loadConfig } from '@dcp/runtime';
import { assertDurableStore } from '../../libs/storage/src/objects/durable-store-rule';
import { objectStoreConfig } from '../../libs/storage/src/objects/object-store-config';
import { parse } from 'yaml';
import { appDirectories, documentedAppValues, read } from './workspace';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
}

// Compose resolves `${VAR:-default}` from the shell; the checks use the defaults a fresh clone gets.
const withDefaults = (text: string) => text.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
const compose = parse(withDefaults(read('docker/compose.yaml')), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const appServices = Object.entries(services).filter(([, s]) => s.environment?.APP);
const platformServices = appServices.filter(([, s]) => s.environment?.APP !== 'migrate' && s.environment?.DATABASE_URL);

describe('docker/compose.yaml', () => {
  it('runs PostgreSQL 16 (the major version of k8s/: k8s-data.spec.ts) and NATS with JetStream, both with health checks', () => {
    expect(services.postgres.image).toMatch(/^postgres:16(\b|$)/);
    expect(services.nats.command).toContain('-js');
    expect(services.postgres.healthcheck).toBeDefined();
    expect(services.nats.healthcheck).toBeDefined();
  });

  it('gives NATS a max_payload that carries a 4 MiB recording segment in base64 (storage ingest and playback)', () => {
    expect(services.nats.command).toEqual(expect.arrayContaining(['-c', '/etc/nats/nats.conf']));
    const conf = read('docker/nats.conf');
    const m = /^max_payload:\s*(\d+)MB$/m.exec(conf);
    expect(m).not.toBeNull();
    expect(Number(m![1]) * 1024 * 1024).toBeGreaterThanOrEqual(Math.ceil((STORAGE_LIMITS.maxSegmentBytes * 4) / 3) + 64 * 1024);
  });

  it('runs every app but the all-in-one platform, each from the image built by docker/Dockerfile', () => {
    const apps = appServices.map(([, s]) => s.environment!.APP).filter((a) => a !== 'migrate');
    expect(apps.sort()).toEqual(appDirectories().filter((a) => a !== 'platform'));
    for (const [, s] of appServices) {
      expect(documentedAppValues()).toContain(s.environment!.APP);
      expect(s.build?.dockerfile).toBe('docker/Dockerfile');
      expect(s.build?.context).toBe('..');
    }
  });

  it('has a migrate one-shot that every platform service waits for', () => {
    const migrate = services.migrate;
    expect(migrate.command).toEqual(['migrate']);
    expect((migrate as { restart?: string }).restart).toBe('no');
    expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(platformServices.length).toBeGreaterThanOrEqual(6);
    for (const [name, s] of platformServices) {
      expect({ name, migrate: s.depends_on?.migrate?.condition }).toEqual({ name, migrate: 'service_completed_successfully' });
      expect(s.depends_on?.nats).toBeDefined();
    }
  });

  it.each(platformServices.map(([name, s]) => [name, s] as const))('%s starts with a configuration the runtime accepts (production, distributed)', (_name, s) => {
    const config = loadConfig(s.environment!);
    expect(config.mode).toBe('distributed');
    expect(config.production).toBe(true);
    // The URLs point at the compose services.
    expect(new URL(config.databaseUrl!).hostname).toBe('postgres');
    expect(new URL(config.natsUrl!).hostname).toBe('nats');
  });

  it('every platform service shares one SECRETS_KEY and one ADMIN_TOKEN', () => {
    expect(new Set(platformServices.map(([, s]) => s.environment!.SECRETS_KEY)).size).toBe(1);
    expect(new Set(platformServices.map(([, s]) => s.environment!.ADMIN_TOKEN)).size).toBe(1);
  });

  it('storage-service keeps recordings in a store production accepts: a named volume at the folder OBJECT_STORE_URL names', () => {
    const storage = services['storage-service'];
    const env = storage.environment!;
    const config = objectStoreConfig(env, env.DATA_DIR ?? '/var/lib/dcp');
    expect(() => assertDurableStore(config, env, loadConfig(env as NodeJS.ProcessEnv))).not.toThrow();
    expect(config.kind).toBe('filesystem');
    const root = config.kind === 'filesystem' ? config.root : '';
    const named = Object.keys((parse(read('docker/compose.yaml')) as { volumes?: Record<string, unknown> }).volumes ?? {});
    expect(storage.volumes ?? []).toContainEqual(expect.stringMatching(new RegExp(`^(${named.join('|')}):${root}$`)));
  });

  it('the reference merchant listens on all interfaces and publishes its port', () => {
    const sandbox = services['merchant-sandbox'];
    expect(sandbox.environment?.SANDBOX_HOST).toBe('0.0.0.0');
    expect(sandbox.ports).toContain(`${sandbox.environment?.SANDBOX_PORT}:${sandbox.environment?.SANDBOX_PORT}`);
    // The variables it is configured with are the ones its entry point reads.
    const main = read('apps/merchant-sandbox/src/main.ts');
    for (const name of Object.keys(sandbox.environment ?? {}).filter((n) => n.startsWith('SANDBOX_'))) expect(main).toMatch(new RegExp(`\\benv\\.${name}\\b`));
  });

  it('publishes the edge\'s public port and keeps the admin port on the host\'s loopback', () => {
    const edge = services['gateway-edge'];
    const config = loadConfig(edge.environment!);
    expect(edge.ports).toContain(`${config.port}:${config.port}`);
    expect(edge.ports).toContain(`127.0.0.1:${config.adminPort}:${config.adminPort}`);
  });
});

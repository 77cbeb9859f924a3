/**
 * Every environment variable the deployed code reads (env-scan.ts) is wired in every overlay, or listed in
 * k8s-env-allowlist.ts as deliberately unset there; nothing wired is a name the code ignores; every
 * reference resolves; secrets never sit in a ConfigMap.
 */
import { podSpecOf } from './k8s-objects';
import { DELIBERATELY_UNSET, deliberatelyUnset } from './k8s-env-allowlist';
import { containerEnv, ofKind, overlays, platformWorkloads, type Overlay } from './k8s-overlays';
import { envReadByDeployedCode, envReadsIn } from './env-scan';
import { requiredInProduction } from './workspace';

const reads = envReadByDeployedCode();
/** Set around Node itself or read by libraries, not by the platform's code. */
const READ_BY_OTHERS = new Map([
  ['APP', 'docker/entrypoint: selects the app'],
  ['NODE_OPTIONS', 'Node: heap size'],
  ['AWS_ACCESS_KEY_ID', 'the AWS SDK\'s default credential chain (storage-service)'],
  ['AWS_SECRET_ACCESS_KEY', 'the AWS SDK\'s default credential chain (storage-service)'],
]);

/** Variable → the workloads of an overlay that get it, with where each value comes from. */
function wired(o: Overlay): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const w of platformWorkloads(o))
    for (const c of podSpecOf(w).containers)
      for (const [name, v] of containerEnv(o, c)) out.set(name, [...(out.get(name) ?? []), `${w.kind}/${w.metadata.name} (${v.from})`]);
  return out;
}

describe('the scan of the code', () => {
  it('finds every form the code uses to read a variable', () => {
    expect(envReadsIn("env.FOO; process.env.BAR; env['BAZ']; int(env, 'QUX', 1); url(env, \"QUUX\", '')")).toEqual(new Set(['FOO', 'BAR', 'BAZ', 'QUX', 'QUUX']));
    expect(envReadsIn('environment.FOO; env.lower; myenv.FOO')).toEqual(new Set());
  });

  it('finds what the runtime configuration and the object store read', () => {
    for (const name of ['DATABASE_URL', 'NATS_URL', 'ADMIN_TOKEN', 'SECRETS_KEY', 'PORT', 'HEALTH_PORT', 'OBJECT_STORE_URL', 'S3_REGION']) expect(reads.has(name)).toBe(true);
  });
});

describe('the allow-list', () => {
  it('names only variables the code reads (no stale entries)', () => {
    const stale = DELIBERATELY_UNSET.filter((u) => (u.name.endsWith('*') ? ![...reads.keys()].some((v) => v.startsWith(u.name.slice(0, -1))) : !reads.has(u.name)));
    expect(stale.map((u) => u.name)).toEqual([]);
  });

  it('names only overlays that exist, and gives every entry a reason', () => {
    const names = overlays().map((o) => o.name);
    for (const u of DELIBERATELY_UNSET) {
      expect(u.why.length).toBeGreaterThan(10);
      for (const overlayName of u.overlays ?? []) expect(names).toContain(overlayName);
    }
  });
});

describe.each(overlays().map((o) => [o.name, o] as const))('overlay %s', (name, o) => {
  const env = wired(o);

  it('wires every variable the code reads, or leaves it unset on purpose (k8s-env-allowlist.ts)', () => {
    const missing = [...reads.keys()]
      .filter((v) => !env.has(v) && !deliberatelyUnset(v, name))
      .map((v) => `${v} is not wired in overlay ${name} (read in ${reads.get(v)!.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('wires nothing the code does not read (no typos, no dead settings)', () => {
    const unknown = [...env.keys()].filter((v) => !reads.has(v) && !READ_BY_OTHERS.has(v)).map((v) => `${v} in overlay ${name}: ${env.get(v)!.join(', ')}`);
    expect(unknown).toEqual([]);
  });

  it('leaves unset only what it does not wire (the allow-list stays honest)', () => {
    const both = [...env.keys()].filter((v) => deliberatelyUnset(v, name) && !DELIBERATELY_UNSET.find((u) => u.name.endsWith('*') && v.startsWith(u.name.slice(0, -1))));
    expect(both).toEqual([]);
  });

  it('resolves every reference to a ConfigMap or Secret key', () => {
    const dangling: string[] = [];
    for (const w of platformWorkloads(o))
      for (const c of podSpecOf(w).containers) {
        for (const [v, r] of containerEnv(o, c)) if (r.value === undefined) dangling.push(`${w.metadata.name}: ${v} from ${r.from}`);
        for (const from of c.envFrom ?? []) {
          const ref = from.configMapRef?.name ?? from.secretRef?.name ?? '';
          const found = from.configMapRef ? ofKind(o, 'ConfigMap').some((cm) => cm.metadata.name === ref) : o.secrets.has(ref);
          if (!found) dangling.push(`${w.metadata.name}: envFrom ${ref}`);
        }
      }
    expect(dangling).toEqual([]);
  });

  it('keeps production-required variables and DATABASE_URL in Secrets, never in a ConfigMap', () => {
    const required = [...requiredInProduction(), 'DATABASE_URL'];
    expect(required).toEqual(expect.arrayContaining(['ADMIN_TOKEN', 'SECRETS_KEY']));
    for (const cm of ofKind(o, 'ConfigMap')) for (const v of [...required, 'AWS_SECRET_ACCESS_KEY']) expect(Object.keys((cm.data ?? {}) as object)).not.toContain(v);
    for (const v of required) for (const from of env.get(v) ?? []) expect(from).toMatch(/Secret /);
  });
});

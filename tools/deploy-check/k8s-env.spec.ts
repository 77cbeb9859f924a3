/**
 * Every environment variable the deployed code reads is either set for the workloads (ConfigMap, Secret,
 * container env) or documented in k8s/README.md as optional; nothing set is a name the code ignores;
 * secrets never sit in the ConfigMap.
 */
import { loadManifests, podSpecOf } from './k8s-objects';
import { envNamesIn, envVarsReadByDeployedCode, read, requiredInProduction } from './workspace';

const loaded = loadManifests('k8s/base');
const objects = loaded.filter(({ file }) => !file.endsWith('secret.example.yaml')).map(({ object }) => object);
const configData = objects.find((o) => o.kind === 'ConfigMap')!.data as Record<string, string>;
const configKeys = Object.keys(configData);
const secretKeys = Object.keys(loaded.find(({ file }) => file.endsWith('secret.example.yaml'))!.object.stringData as Record<string, string>);
const containerKeys = objects
  .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
  .flatMap((o) => podSpecOf(o).containers.flatMap((c) => (c.env ?? []).map((e) => e.name)));
/** Set by the platform around Node itself, not read by the code as configuration. */
const PROCESS_LEVEL = new Set(['APP', 'NODE_OPTIONS']);

/** Variable names in the first column of the table under "## Optional variables" in k8s/README.md. */
function documentedOptional(): string[] {
  const text = read('k8s/README.md');
  const start = text.indexOf('## Optional variables');
  if (start < 0) throw new Error('k8s/README.md has no "## Optional variables" section');
  const section = text.slice(start + 1).split(/\n## /)[0];
  return [...section.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1]);
}

describe('environment variables', () => {
  const read = envVarsReadByDeployedCode();

  it('the scan finds what the runtime configuration reads (guards the scanner itself)', () => {
    expect(envNamesIn("const a = env.FOO; int(env, 'BAR', 1); env['BAZ']")).toEqual(new Set(['FOO', 'BAR', 'BAZ']));
    for (const name of ['DATABASE_URL', 'NATS_URL', 'ADMIN_TOKEN', 'SECRETS_KEY', 'PORT', 'HEALTH_PORT']) expect(read.has(name)).toBe(true);
  });

  it('every variable the code reads is set for the workloads or documented as optional', () => {
    const provided = new Set([...configKeys, ...secretKeys, ...containerKeys, ...documentedOptional()]);
    const missing = [...read.keys()].filter((name) => !provided.has(name)).map((name) => `${name} (read in ${read.get(name)!.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('every variable set or documented is one the code reads (no typos, no dead settings)', () => {
    const unknown = [...configKeys, ...secretKeys, ...containerKeys, ...documentedOptional()].filter((name) => !read.has(name) && !PROCESS_LEVEL.has(name));
    expect(unknown).toEqual([]);
  });

  it('a variable is either set or documented as optional, not both (one place to look)', () => {
    const set = new Set([...configKeys, ...secretKeys]);
    expect(documentedOptional().filter((n) => set.has(n))).toEqual([]);
  });

  it('production-required variables and DATABASE_URL are in the Secret, never in the ConfigMap', () => {
    const required = requiredInProduction();
    expect(required).toEqual(expect.arrayContaining(['ADMIN_TOKEN', 'SECRETS_KEY']));
    for (const name of [...required, 'DATABASE_URL']) {
      expect(secretKeys).toContain(name);
      expect(configKeys).not.toContain(name);
    }
    expect(configData.NODE_ENV).toBe('production');
  });

  it('DATABASE_URL and NATS_URL are both provided (distributed mode needs the pair)', () => {
    const provided = new Set([...configKeys, ...secretKeys]);
    expect(provided.has('DATABASE_URL') && provided.has('NATS_URL')).toBe(true);
  });
});

/**
 * The NATS JetStream cluster every overlay runs (k8s/base/nats.yaml, nats.conf): three members on their
 * own volumes, routes naming every member through the headless Service, a quorum-keeping PDB, a pinned
 * 2.10/2.11 server, the same max_payload as docker/nats.conf, and an event stream with as many copies as
 * the overlay asks for (EVENT_STREAM_REPLICAS), never more than there are members.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatefulSet } from 'kubernetes-models/apps/v1';
import { loadConfig } from '@dcp/runtime';
import { matches, podLabelsOf, podSpecOf } from './k8s-objects';
import { envRecord, named, ofKind, overlays, platformWorkloads, type Overlay } from './k8s-overlays';
import { read } from './workspace';

/** A top-level or nested `key: value` of a NATS configuration file. */
const setting = (conf: string, key: string) => new RegExp(`^\\s*${key}\\s*[:=]\\s*"?([^"\\s]+)"?\\s*$`, 'm').exec(conf)?.[1];
const bytes = (size: string) => {
  const m = /^(\d+)(KB|MB|GB|K|M|G)?$/i.exec(size);
  if (!m) throw new Error(`not a NATS size: ${size}`);
  return Number(m[1]) * ({ K: 1024, KB: 1024, M: 1024 ** 2, MB: 1024 ** 2, G: 1024 ** 3, GB: 1024 ** 3 }[(m[2] ?? '').toUpperCase()] ?? 1);
};

describe.each(overlays().map((o) => [o.name, o] as const))('overlay %s', (name, o: Overlay) => {
  const set = new StatefulSet(named(o, 'StatefulSet', 'nats') as never);
  const replicas = set.spec!.replicas!;
  const pod = podSpecOf(named(o, 'StatefulSet', 'nats')!);
  const container = pod.containers[0];
  const configMap = pod.volumes!.find((v) => v.configMap)!.configMap!.name!;
  const conf = (named(o, 'ConfigMap', configMap)!.data as Record<string, string>)['nats.conf'];
  const port = (n: string) => container.ports!.find((p) => p.name === n)!.containerPort;

  it('runs three members with a pinned NATS 2.10 or 2.11 server', () => {
    expect(replicas).toBe(3);
    expect(container.image).toMatch(/^nats:2\.1[01]\.\d+(-alpine)?$/);
    expect(set.spec!.podManagementPolicy).toBe('Parallel');
  });

  it('keeps JetStream on each member\'s own volume', () => {
    const claim = set.spec!.volumeClaimTemplates![0];
    const mount = container.volumeMounts!.find((m) => m.name === claim.metadata!.name)!;
    expect(setting(conf, 'store_dir')!.startsWith(`${mount.mountPath}/`)).toBe(true);
    // The volume's quantity (10Gi) in NATS's units (10G): the file store must fit in it.
    expect(bytes(setting(conf, 'max_file_store')!)).toBeLessThan(bytes(String(claim.spec!.resources!.requests!.storage).replace(/i$/, '')));
  });

  it('routes to every member by its stable name in the headless Service', () => {
    const headless = named(o, 'Service', set.spec!.serviceName ?? '')!;
    expect((headless.spec as { clusterIP?: string }).clusterIP).toBe('None');
    expect((headless.spec as { publishNotReadyAddresses?: boolean }).publishNotReadyAddresses).toBe(true);
    const routes = [...conf.matchAll(/nats:\/\/([\w.-]+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(routes.sort()).toEqual(Array.from({ length: replicas }, (_, i) => `nats-${i}.${headless.metadata.name}:${port('cluster')}`).sort());
    expect(Number(setting(conf, 'port'))).toBe(port('client'));
    expect(Number(setting(conf, 'http_port'))).toBe(port('monitor'));
    // Each member names itself after its pod (server_name: $POD_NAME).
    expect(setting(conf, 'server_name')).toBe('$POD_NAME');
    expect(container.env!.find((e) => e.name === 'POD_NAME')?.valueFrom?.fieldRef?.fieldPath).toBe('metadata.name');
  });

  it('carries recording segments: the same max_payload as docker/nats.conf, at least 6 MiB', () => {
    expect(setting(conf, 'max_payload')).toBe(setting(read('docker/nats.conf'), 'max_payload'));
    expect(bytes(setting(conf, 'max_payload')!)).toBeGreaterThanOrEqual(6 * 1024 ** 2);
  });

  it('lets a drain take one member at a time, keeping the quorum', () => {
    const pdb = ofKind(o, 'PodDisruptionBudget').find((p) => matches((p.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels, podLabelsOf(named(o, 'StatefulSet', 'nats')!)))!;
    const maxUnavailable = (pdb.spec as { maxUnavailable: number }).maxUnavailable;
    expect(maxUnavailable).toBeGreaterThan(0);
    expect(replicas - maxUnavailable).toBeGreaterThanOrEqual(Math.floor(replicas / 2) + 1);
  });

  it('is what the apps connect to, with as many stream copies as the overlay asks for', () => {
    const client = named(o, 'Service', 'nats')!;
    const clientPort = (client.spec as { ports: { name: string; port: number }[] }).ports.find((p) => p.name === 'client')!.port;
    for (const w of platformWorkloads(o)) {
      const config = loadConfig(envRecord(o, podSpecOf(w).containers[0]));
      expect(config.natsUrl).toBe(`nats://${client.metadata.name}:${clientPort}`);
      expect(config.eventStreamReplicas).toBe(name === 'prod' ? 3 : 1);
      expect(config.eventStreamReplicas).toBeLessThanOrEqual(replicas);
    }
  });
});

/**
 * The server itself reads the rendered nats.conf (`nats-server -t`: syntax and unknown fields). CI installs
 * Debian's nats-server (.ci/run; 2.9, which knows every field this configuration uses), so with
 * REQUIRE_INFRA=1 a missing binary fails instead of skipping.
 */
const natsServer = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'].find(existsSync);
const configCheck = natsServer || process.env.REQUIRE_INFRA === '1' ? describe : describe.skip;
if (!natsServer && process.env.REQUIRE_INFRA !== '1') process.stderr.write('\n*** SKIPPED "nats-server accepts nats.conf": no nats-server binary. Set REQUIRE_INFRA=1 to make this a failure. ***\n');

configCheck('nats-server accepts nats.conf', () => {
  it.each(overlays().map((o) => [o.name, o] as const))('as rendered in overlay %s', (_name, o) => {
    if (!natsServer) throw new Error('REQUIRE_INFRA=1 but no nats-server binary (apt-get install nats-server)');
    const volume = podSpecOf(named(o, 'StatefulSet', 'nats')!).volumes!.find((v) => v.configMap)!;
    const file = join(mkdtempSync(join(tmpdir(), 'nats-conf-')), 'nats.conf');
    writeFileSync(file, (named(o, 'ConfigMap', volume.configMap!.name!)!.data as Record<string, string>)['nats.conf']);
    const result = spawnSync(natsServer, ['-t', '-c', file], { encoding: 'utf8', env: { ...process.env, POD_NAME: 'nats-0' } });
    expect({ status: result.status, output: `${result.stdout}${result.stderr}`.trim() }).toEqual({ status: 0, output: expect.stringContaining('is valid') });
  });

  it('and refuses a configuration with an unknown field (so passing means something)', () => {
    if (!natsServer) throw new Error('REQUIRE_INFRA=1 but no nats-server binary (apt-get install nats-server)');
    const file = join(mkdtempSync(join(tmpdir(), 'nats-conf-')), 'nats.conf');
    writeFileSync(file, 'port: 4222\nmax_paylod: 8MB\n');
    expect(spawnSync(natsServer, ['-t', '-c', file], { encoding: 'utf8' }).status).not.toBe(0);
  });
});

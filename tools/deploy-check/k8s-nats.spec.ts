/**
 * The NATS JetStream cluster every overlay runs (k8s/base/nats.yaml, nats.conf): three members on their
 * own volumes, routes naming every member through the headless Service, a quorum-keeping PDB, a pinned
 * 2.10/2.11 server, the same max_payload as docker/nats.conf, and an event stream with as many copies as
 * the overlay asks for (EVENT_STREAM_REPLICAS), never more than there are members.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatefulSet } from 'kubernetes-models/apps/v1';
import { loadConfig } from '@dcp/runtime';
import { freePort } from '@dcp/testing';
import { matches, podLabelsOf, podSpecOf } from './k8s-objects';
import { envRecord, named, ofKind, overlays, platformWorkloads, type Overlay } from './k8s-overlays';
import { read } from './workspace';
import { natsUsers, passwordVariable } from '../nats-auth/nats-permissions';

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

  it('authenticates every app as its own NATS user, whose password the server reads from the same Secret key', () => {
    expect(conf).toMatch(/^include \.\/nats-auth\.conf$/m);
    const server = new Map((container.env ?? []).map((e) => [e.name, e.valueFrom?.secretKeyRef]));
    for (const w of platformWorkloads(o).filter((x) => x.kind === 'Deployment')) {
      const c = podSpecOf(w).containers[0];
      const config = loadConfig(envRecord(o, c));
      expect(config.nats.user).toBe(w.metadata.name);
      const ref = c.env!.find((e) => e.name === 'NATS_PASSWORD')!.valueFrom!.secretKeyRef;
      expect(server.get(passwordVariable(w.metadata.name))).toEqual(ref);
    }
  });

  it(name === 'prod' ? 'serves TLS on the client port with the certificate of nats-server-tls' : 'serves plain TCP on the client port', () => {
    const tls = (named(o, 'ConfigMap', configMap)!.data as Record<string, string>)['nats-tls.conf'];
    expect(conf).toMatch(/^include \.\/nats-tls\.conf$/m);
    if (name !== 'prod') return expect(tls).not.toMatch(/^\s*tls\s*\{/m);
    expect(tls).toMatch(/^tls\s*\{/m);
    const mount = container.volumeMounts!.find((m) => setting(tls, 'cert_file')!.startsWith(`${m.mountPath}/`))!;
    expect(pod.volumes!.find((v) => v.name === mount.name)?.secret?.secretName).toBe('nats-server-tls');
    const certificate = ofKind(o, 'Certificate').find((c) => (c.spec as { secretName: string }).secretName === 'nats-server-tls')!;
    expect((certificate.spec as { dnsNames: string[] }).dnsNames).toContain('nats');
  });

  it(name === 'prod' ? 'runs the cluster routes over mutual TLS with the same certificate and CA' : 'runs the cluster routes over plain TCP', () => {
    const routeTls = (named(o, 'ConfigMap', configMap)!.data as Record<string, string>)['nats-cluster-tls.conf'];
    // Included inside the cluster {} block, so its tls {} is the routes', not the client port's.
    expect(/^cluster\s*\{[^}]*^\s+include \.\/nats-cluster-tls\.conf$/m.test(conf)).toBe(true);
    if (name !== 'prod') return expect(routeTls).not.toMatch(/^\s*tls\s*\{/m);
    expect(routeTls).toMatch(/^tls\s*\{/m);
    expect(setting(routeTls, 'verify')).toBe('true');
    for (const key of ['cert_file', 'key_file', 'ca_file']) {
      const file = setting(routeTls, key)!;
      const mount = container.volumeMounts!.find((m) => file.startsWith(`${m.mountPath}/`))!;
      expect({ key, secret: pod.volumes!.find((v) => v.name === mount.name)?.secret?.secretName }).toEqual({ key, secret: 'nats-server-tls' });
    }
    const certificate = ofKind(o, 'Certificate').find((c) => (c.spec as { secretName: string }).secretName === 'nats-server-tls')!;
    expect((certificate.spec as { usages: string[] }).usages).toEqual(expect.arrayContaining(['server auth', 'client auth']));
    // The route names resolve to names the certificate holds.
    expect((certificate.spec as { dnsNames: string[] }).dnsNames).toContain('*.nats-headless');
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
    // The apps (the migrate Job reads DATABASE_URL alone: k8s-release.spec.ts).
    for (const w of platformWorkloads(o).filter((x) => x.kind === 'Deployment')) {
      const config = loadConfig(envRecord(o, podSpecOf(w).containers[0]));
      // prod: TLS, the server verified with the CA mounted from nats-server-tls (nats-tls.yaml).
      expect(config.natsUrl).toBe(`${name === 'prod' ? 'tls' : 'nats'}://${client.metadata.name}:${clientPort}`);
      if (name === 'prod') {
        const c = podSpecOf(w).containers[0];
        const mount = c.volumeMounts!.find((m) => config.nats.tlsCaFile!.startsWith(`${m.mountPath}/`))!;
        const volume = podSpecOf(w).volumes!.find((v) => v.name === mount.name)!;
        expect({ app: w.metadata.name, secret: volume.secret?.secretName, items: volume.secret?.items }).toEqual({
          app: w.metadata.name,
          secret: 'nats-server-tls',
          items: [{ key: 'ca.crt', path: config.nats.tlsCaFile!.slice(mount.mountPath.length + 1) }],
        });
      }
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

/** Resolves once the condition holds (checked every 100 ms), or fails after 30 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

configCheck('nats-server accepts nats.conf', () => {
  it.each(overlays().map((o) => [o.name, o] as const))('as rendered in overlay %s', (_name, o) => {
    if (!natsServer) throw new Error('REQUIRE_INFRA=1 but no nats-server binary (apt-get install nats-server)');
    const volume = podSpecOf(named(o, 'StatefulSet', 'nats')!).volumes!.find((v) => v.configMap)!;
    const dir = mkdtempSync(join(tmpdir(), 'nats-conf-'));
    // Every file of the ConfigMap (nats.conf includes the others), the TLS files a throwaway certificate.
    const tlsDir = join(dir, 'tls');
    mkdirSync(tlsDir);
    for (const f of ['tls.crt', 'tls.key']) writeFileSync(join(tlsDir, f), '');
    const openssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=nats', '-days', '1', '-keyout', join(tlsDir, 'tls.key'), '-out', join(tlsDir, 'tls.crt')], { encoding: 'utf8' });
    if (openssl.status === 0) copyFileSync(join(tlsDir, 'tls.crt'), join(tlsDir, 'ca.crt'));
    for (const [key, text] of Object.entries((named(o, 'ConfigMap', volume.configMap!.name!)!.data as Record<string, string>)))
      writeFileSync(join(dir, key), openssl.status === 0 ? text.replaceAll('/etc/nats-tls', tlsDir) : text.replace(/^tls\s*\{[\s\S]*?^\}/m, ''));
    const passwords = Object.fromEntries(natsUsers().map((u) => [u.passwordVariable, 'x']));
    const result = spawnSync(natsServer, ['-t', '-c', join(dir, 'nats.conf')], { encoding: 'utf8', env: { ...process.env, POD_NAME: 'nats-0', ...passwords } });
    expect({ status: result.status, output: `${result.stdout}${result.stderr}`.trim() }).toEqual({ status: 0, output: expect.stringContaining('is valid') });
  });

  it("joins members over prod's route TLS with certificates of the CA and refuses one of another CA", async () => {
    if (!natsServer) throw new Error('REQUIRE_INFRA=1 but no nats-server binary (apt-get install nats-server)');
    const prod = overlays().find((x) => x.name === 'prod')!;
    const volume = podSpecOf(named(prod, 'StatefulSet', 'nats')!).volumes!.find((v) => v.configMap)!;
    const routeTls = (named(prod, 'ConfigMap', volume.configMap!.name!)!.data as Record<string, string>)['nats-cluster-tls.conf'];
    const certificate = ofKind(prod, 'Certificate').find((c) => (c.spec as { secretName: string }).secretName === 'nats-server-tls')!;
    const usages = (certificate.spec as { usages: string[] }).usages.map((u) => ({ 'server auth': 'serverAuth', 'client auth': 'clientAuth' })[u] ?? u);
    const dir = mkdtempSync(join(tmpdir(), 'nats-routes-'));
    const openssl = (...args: string[]) => {
      const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr}`);
    };
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
    // The namespace's CA (nats-ca) and another one, each signing a certificate with the Certificate's usages.
    writeFileSync(join(dir, 'ext'), `subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=${usages.join(',')}\n`);
    for (const ca of ['ca', 'other-ca']) {
      openssl('req', '-x509', ...ec, '-subj', `/CN=${ca}`, '-days', '1', '-keyout', `${ca}.key`, '-out', `${ca}.crt`);
      openssl('req', ...ec, '-subj', '/CN=nats', '-keyout', `${ca}-member.key`, '-out', `${ca}-member.csr`);
      openssl('x509', '-req', '-in', `${ca}-member.csr`, '-CA', `${ca}.crt`, '-CAkey', `${ca}.key`, '-CAcreateserial', '-days', '1', '-extfile', 'ext', '-out', `${ca}-member.crt`);
    }
    // Each member's monitoring and cluster ports.
    const pair = async (): Promise<[number, number]> => [await freePort(), await freePort()];
    const [a, b, intruder] = [await pair(), await pair(), await pair()];
    const members: ChildProcess[] = [];
    const start = (name: string, signedBy: string, ports: [number, number], routeTo: number) => {
      // The member's /etc/nats-tls: its certificate and key, and always the namespace's CA.
      const tls = join(dir, name);
      mkdirSync(tls);
      copyFileSync(join(dir, `${signedBy}-member.crt`), join(tls, 'tls.crt'));
      copyFileSync(join(dir, `${signedBy}-member.key`), join(tls, 'tls.key'));
      copyFileSync(join(dir, 'ca.crt'), join(tls, 'ca.crt'));
      writeFileSync(join(tls, 'nats-cluster-tls.conf'), routeTls.replaceAll('/etc/nats-tls', tls));
      writeFileSync(join(tls, 'nats.conf'), `server_name: ${name}\nport: -1\nhttp_port: ${ports[0]}\ncluster {\n  name: t\n  port: ${ports[1]}\n  routes: [ nats://127.0.0.1:${routeTo} ]\n  include ./nats-cluster-tls.conf\n}\n`);
      const child = spawn(natsServer, ['-c', join(tls, 'nats.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
      let log = '';
      child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
      members.push(child);
      return { routes: async () => ((await (await fetch(`http://127.0.0.1:${ports[0]}/routez`)).json()) as { num_routes: number }).num_routes, log: () => log };
    };
    try {
      const first = start('m1', 'ca', [a[0], a[1]], b[1]);
      const second = start('m2', 'ca', [b[0], b[1]], a[1]);
      await until(async () => (await first.routes().catch(() => 0)) === 1 && (await second.routes().catch(() => 0)) === 1);
      const outsider = start('m3', 'other-ca', [intruder[0], intruder[1]], a[1]);
      // The member refuses the outsider's handshake (its certificate is not of the CA); then nothing joined.
      await until(async () => /TLS route handshake error/.test(first.log()));
      expect(await first.routes()).toBe(1);
      expect(await outsider.routes()).toBe(0);
    } finally {
      for (const m of members) m.kill('SIGKILL');
    }
  }, 60_000);

  it('and refuses a configuration with an unknown field (so passing means something)', () => {
    if (!natsServer) throw new Error('REQUIRE_INFRA=1 but no nats-server binary (apt-get install nats-server)');
    const file = join(mkdtempSync(join(tmpdir(), 'nats-conf-')), 'nats.conf');
    writeFileSync(file, 'port: 4222\nmax_paylod: 8MB\n');
    expect(spawnSync(natsServer, ['-t', '-c', file], { encoding: 'utf8' }).status).not.toBe(0);
  });
});

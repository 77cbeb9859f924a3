/**
 * Who may talk to whom in each overlay, by evaluating its NetworkPolicies (k8s-network.ts): default deny;
 * only the ports the Ingress routes to open to the world (the edge's public port, storage-service's camera
 * port: the ingress controller may run anywhere); the edge's admin port only to operator namespaces; the apps
 * reach NATS, PostgreSQL and the object store (plus DNS) and nothing else, except sso-service's merchant
 * calls, push-service's pushes (FCM, APNs, merchants' push servers) and prod storage-service's S3, to public
 * addresses only; Prometheus scrapes the metrics ports.
 */
import { named, overlays, type Overlay } from './k8s-overlays';
import { inCidr, ingressTargets, isPod, mayConnect, podInNamespace, podsOf, policiesOf, portsNamed, selects, type Peer } from './k8s-network';

const internet: Peer = { name: 'a public address', ip: '203.0.113.10' };
const privateAddress: Peer = { name: 'a private address', ip: '10.1.2.3' };
const metadataService: Peer = { name: 'the cloud metadata service', ip: '169.254.169.254' };
const stranger = podInNamespace('a pod of another namespace', { 'app.kubernetes.io/name': 'something' }, 'other');
const newcomer = podInNamespace('an unlabelled pod of the namespace', {});
const bastion = podInNamespace('a bastion', {}, 'ops', { 'device-cloud/operator': 'true' });
const ingressController = podInNamespace('the ingress controller', { 'app.kubernetes.io/name': 'ingress-nginx' }, 'ingress-nginx');
const prometheus = podInNamespace('Prometheus', { 'app.kubernetes.io/name': 'prometheus' }, 'monitoring');
const dns = podInNamespace('the cluster DNS', { 'k8s-app': 'kube-dns' }, 'kube-system');
const cnpgOperator = podInNamespace('the CloudNativePG operator', { 'app.kubernetes.io/name': 'cloudnative-pg' }, 'cnpg-system');

const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '169.254.0.0/16', '100.64.0.0/10'];
const component = (p: Peer) => (isPod(p) ? p.labels['app.kubernetes.io/component'] : undefined);
const appName = (p: Peer) => (isPod(p) ? p.labels['app.kubernetes.io/name'] : undefined);

describe('the evaluator', () => {
  it('follows NetworkPolicy semantics for selectors and address ranges', () => {
    expect(selects({ matchExpressions: [{ key: 'a', operator: 'In', values: ['x'] }] }, { a: 'x' })).toBe(true);
    expect(selects({ matchExpressions: [{ key: 'a', operator: 'In', values: ['x'] }] }, { a: 'y' })).toBe(false);
    expect(selects({}, { anything: 'x' })).toBe(true);
    expect(inCidr('10.200.0.1', '10.0.0.0/8')).toBe(true);
    expect(inCidr('11.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(inCidr('203.0.113.10', '0.0.0.0/0')).toBe(true);
    expect(inCidr('203.0.113.10', '::/0')).toBe(false);
  });
});

describe.each(overlays().map((o) => [o.name, o] as const))('overlay %s', (name, o: Overlay) => {
  const pods = podsOf(o);
  const pod = (n: string) => pods.find((p) => appName(p) === n || p.name === n)!;
  const apps = pods.filter((p) => ['edge', 'service', 'migration'].includes(component(p) ?? ''));
  const ports = portsNamed(o);
  const edge = pod('gateway-edge');

  it('denies everything by default, both ways', () => {
    const deny = policiesOf(o).find((p) => p.metadata?.name === 'default-deny');
    expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    for (const [port, protocol] of ports) {
      expect(pods.filter((p) => mayConnect(o, newcomer, p, port, protocol)).map((p) => `${p.name}:${port}`)).toEqual([]);
      expect(mayConnect(o, newcomer, internet, port, protocol)).toBe(false);
    }
    expect(mayConnect(o, newcomer, dns, 53, 'UDP')).toBe(true);
  });

  it('lets the world reach the ports the Ingress routes to (the edge\'s public port, storage-service\'s camera port), and nothing else', () => {
    const routed = ingressTargets(o);
    expect(routed.map((t) => `${t.pod.name}:${t.port}`).sort()).toEqual(['gateway-edge:3000', 'storage-service:8080']);
    for (const { pod: target, port } of routed)
      for (const peer of [internet, ingressController, stranger]) expect({ from: peer.name, to: `${target.name}:${port}`, open: mayConnect(o, peer, target, port) }).toMatchObject({ open: true });
    for (const target of pods)
      for (const [port, protocol] of ports) {
        if (routed.some((t) => t.pod.name === target.name && t.port === port)) continue;
        for (const peer of [internet, stranger, ingressController]) expect({ from: peer.name, to: `${target.name}:${port}`, open: mayConnect(o, peer, target, port, protocol) }).toMatchObject({ open: false });
      }
  });

  it('opens storage-service\'s camera port to the same peers as the edge\'s public port, and its HEALTH_PORT to Prometheus alone', () => {
    const storage = pod('storage-service');
    for (const peer of [internet, ingressController, stranger, newcomer, bastion, prometheus, cnpgOperator, ...apps])
      expect({ from: peer.name, camera: mayConnect(o, peer, storage, 8080) }).toEqual({ from: peer.name, camera: mayConnect(o, peer, edge, 3000) });
    for (const peer of [internet, ingressController, stranger, newcomer, bastion, ...apps]) expect({ from: peer.name, health: mayConnect(o, peer, storage, 9000) }).toEqual({ from: peer.name, health: false });
    expect(mayConnect(o, prometheus, storage, 9000)).toBe(true);
    // TCP only: nothing opens the camera port over UDP.
    expect(mayConnect(o, ingressController, storage, 8080, 'UDP')).toBe(false);
  });

  it('opens the admin port only to operator namespaces', () => {
    expect(mayConnect(o, bastion, edge, 3001)).toBe(true);
    for (const peer of [internet, stranger, ingressController, ...apps]) expect({ from: peer.name, open: mayConnect(o, peer, edge, 3001) }).toEqual({ from: peer.name, open: false });
  });

  it('lets every app reach NATS, PostgreSQL and DNS', () => {
    const nats = pods.find((p) => component(p) === 'messaging')!;
    const database = pods.find((p) => component(p) === 'database')!;
    for (const app of apps) {
      expect({ app: app.name, nats: mayConnect(o, app, nats, 4222), database: mayConnect(o, app, database, 5432), dns: mayConnect(o, app, dns, 53, 'UDP') }).toEqual({
        app: app.name,
        nats: true,
        database: true,
        dns: true,
      });
    }
  });

  it('lets the apps reach nothing else in the cluster (storage-service: also the object store)', () => {
    const allowed = (app: Peer, target: Peer, port: number) =>
      (component(target) === 'messaging' && port === 4222) ||
      (component(target) === 'database' && port === 5432) ||
      (appName(app) === 'storage-service' && component(target) === 'object-store' && port === 9000);
    const open: string[] = [];
    for (const app of apps)
      for (const target of [...pods, stranger, bastion, prometheus])
        for (const [port, protocol] of ports) if (mayConnect(o, app, target, port, protocol) && !allowed(app, target, port)) open.push(`${app.name} → ${target.name}:${port}`);
    expect(open).toEqual([]);
  });

  it('lets only sso-service (merchants), push-service (push providers) and prod storage-service (S3) out to the internet, never to private ranges', () => {
    const outbound = (app: Peer) => [80, 443].filter((port) => mayConnect(o, app, internet, port));
    expect(outbound(pod('sso-service'))).toEqual([80, 443]);
    expect(outbound(pod('push-service'))).toEqual([80, 443]);
    expect(outbound(pod('storage-service'))).toEqual(name === 'prod' ? [443] : []);
    for (const app of apps.filter((a) => !['sso-service', 'push-service', 'storage-service'].includes(appName(a)!))) expect({ app: app.name, ports: outbound(app) }).toEqual({ app: app.name, ports: [] });
    for (const app of apps)
      for (const peer of [privateAddress, metadataService]) for (const port of [80, 443]) expect({ app: app.name, to: peer.name, open: mayConnect(o, app, peer, port) }).toMatchObject({ open: false });
    for (const p of policiesOf(o))
      for (const rule of p.spec?.egress ?? [])
        for (const peer of rule.to ?? [])
          if (peer.ipBlock?.cidr === '0.0.0.0/0') expect({ policy: p.metadata?.name, except: peer.ipBlock.except }).toEqual({ policy: p.metadata?.name, except: expect.arrayContaining(PRIVATE_RANGES) });
  });

  it('lets Prometheus scrape every app\'s metrics port and the NATS exporter', () => {
    for (const d of o.objects.filter((x) => x.kind === 'Deployment')) {
      const port = Number((d.spec as { template: { metadata: { annotations: Record<string, string> } } }).template.metadata.annotations['prometheus.io/port']);
      expect({ app: d.metadata.name, scraped: mayConnect(o, prometheus, pod(d.metadata.name), port) }).toEqual({ app: d.metadata.name, scraped: true });
      expect(mayConnect(o, stranger, pod(d.metadata.name), port)).toBe(d.metadata.name === 'gateway-edge' && port === 3000);
    }
    expect(mayConnect(o, prometheus, pod('nats'), 7777)).toBe(true);
    // The monitoring port itself stays inside the pod (the exporter reads it on localhost).
    expect(mayConnect(o, prometheus, pod('nats'), 8222)).toBe(false);
  });

  it('lets the NATS members form their cluster, and only them', () => {
    const nats = pod('nats');
    expect(mayConnect(o, nats, nats, 6222)).toBe(true);
    for (const app of apps) expect(mayConnect(o, app, nats, 6222)).toBe(false);
    expect(mayConnect(o, nats, internet, 443)).toBe(false);
  });

  if (name === 'dev') {
    it('lets storage-service and the bucket Job reach MinIO, and no other app', () => {
      const minio = pod('minio');
      expect(mayConnect(o, pod('storage-service'), minio, 9000)).toBe(true);
      expect(mayConnect(o, pod('create-bucket'), minio, 9000)).toBe(true);
      for (const app of apps.filter((a) => appName(a) !== 'storage-service')) expect(mayConnect(o, app, minio, 9000)).toBe(false);
    });
  }

  if (name === 'prod') {
    it('lets the CloudNativePG operator manage the instances, and the instances replicate', () => {
      const instance = pods.find((p) => isPod(p) && p.labels['cnpg.io/cluster'])!;
      expect(named(o, 'Cluster', instance.labels['cnpg.io/cluster'])).toBeDefined();
      expect(mayConnect(o, cnpgOperator, instance, 8000)).toBe(true);
      expect(mayConnect(o, cnpgOperator, instance, 5432)).toBe(true);
      expect(mayConnect(o, instance, instance, 5432)).toBe(true);
      expect(mayConnect(o, prometheus, instance, 9187)).toBe(true);
      expect(mayConnect(o, stranger, instance, 5432)).toBe(false);
      expect(mayConnect(o, cnpgOperator, edge, 3001)).toBe(false);
    });
  }
});

/**
 * Where each overlay keeps data, and how the apps find it: recording segments in an S3 object store
 * (MinIO with its bucket Job in dev, your S3 in prod; never the pod's disk), PostgreSQL (a StatefulSet in
 * dev, a CloudNativePG cluster in prod) behind the Secret device-cloud-db-app, and the Ingress serving the
 * hosts of PUBLIC_BASE_URL and PUBLIC_STORE_URL (with TLS in prod).
 */
import { StatefulSet } from 'kubernetes-models/apps/v1';
import { EVENT_CONSUMERS } from '@dcp/contracts';
import { EVENTS_POOL_SIZE } from '@dcp/database';
import { loadConfig } from '@dcp/runtime';
import { objectStoreConfig } from '../../libs/storage/src/objects/object-store-config';
import { parseManifest, podSpecOf, type K8sObject } from './k8s-objects';
import { containerEnv, envRecord, exampleSecretsFile, named, ofKind, overlay, overlays, platformWorkloads, type Overlay } from './k8s-overlays';
import { read } from './workspace';

const MIGRATE_JOB_CONNECTIONS = 5;

const storageContainer = (o: Overlay) => podSpecOf(named(o, 'Deployment', 'storage-service')!).containers[0];

describe.each(overlays().map((o) => [o.name, o] as const))('overlay %s', (name, o: Overlay) => {
  describe('recording segments', () => {
    const env = envRecord(o, storageContainer(o));
    const store = objectStoreConfig(env, env.DATA_DIR);

    it('live in an S3 object store, never on the pod\'s disk', () => {
      expect(store.kind).toBe('s3');
      const pod = podSpecOf(named(o, 'Deployment', 'storage-service')!);
      // Its only volume is the /tmp scratch space (and, in prod, NATS's CA certificate from a Secret): no file://
      // store could outlive the pod.
      expect(pod.volumes?.filter((v) => !(v.secret && v.secret.items?.every((i) => i.key === 'ca.crt'))).map((v) => Object.keys(v).filter((k) => k !== 'name'))).toEqual([['emptyDir']]);
    });

    it('need OBJECT_STORE_URL to start at all (a required ConfigMap key, not an optional default)', () => {
      const ref = storageContainer(o).env?.find((e) => e.name === 'OBJECT_STORE_URL')?.valueFrom?.configMapKeyRef;
      expect(ref?.key).toBe('OBJECT_STORE_URL');
      expect(ref?.optional ?? false).toBe(false);
    });

    it('are written with credentials from a Secret', () => {
      const vars = containerEnv(o, storageContainer(o));
      for (const v of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
        expect(vars.get(v)?.from).toMatch(/^Secret device-cloud-object-store key /);
        expect(vars.get(v)?.value).toBeTruthy();
      }
    });

    if (name === 'dev') {
      it('go to the MinIO of the overlay, on a volume, whose bucket the Job creates', () => {
        if (store.kind !== 's3') throw new Error('not s3');
        const minio = new StatefulSet(named(o, 'StatefulSet', 'minio') as never);
        expect(minio.spec?.volumeClaimTemplates?.length).toBe(1);
        const service = named(o, 'Service', 'minio')!;
        const port = (service.spec as { ports: { port: number }[] }).ports[0].port;
        expect(store.endpoint).toBe(`http://${service.metadata.name}:${port}`);
        expect(store.forcePathStyle).toBe(true);
        const job = podSpecOf(named(o, 'Job', 'create-bucket')!).containers[0];
        const script = job.args?.join(' ') ?? '';
        expect(script).toMatch(new RegExp(`mc (--config-dir \\S+ )?mb --ignore-existing dev/${store.bucket}(\\s|$)`));
        expect(script).toMatch(new RegExp(`mc (--config-dir \\S+ )?alias set dev http://${service.metadata.name}:${port} `));
        // MinIO's root user is the one storage-service signs its requests with.
        const root = minio.spec!.template.spec!.containers[0].env!.filter((e) => e.name.startsWith('MINIO_ROOT_')).map((e) => e.valueFrom?.secretKeyRef);
        expect(root).toEqual([
          { name: 'device-cloud-object-store', key: 'AWS_ACCESS_KEY_ID' },
          { name: 'device-cloud-object-store', key: 'AWS_SECRET_ACCESS_KEY' },
        ]);
      });
    }

    if (name === 'prod') {
      it('go to S3 with credentials the operator provides (no MinIO)', () => {
        expect(named(o, 'StatefulSet', 'minio')).toBeUndefined();
        expect(o.externalSecrets.has('device-cloud-object-store')).toBe(true);
        if (store.kind === 's3') expect(store.region).not.toBe('');
      });
    }
  });

  describe('PostgreSQL', () => {
    it('is what every platform workload\'s DATABASE_URL names, from the Secret device-cloud-db-app', () => {
      for (const w of platformWorkloads(o)) {
        const v = containerEnv(o, podSpecOf(w).containers[0]).get('DATABASE_URL');
        expect({ workload: w.metadata.name, from: v?.from }).toEqual({ workload: w.metadata.name, from: 'Secret device-cloud-db-app key uri' });
      }
    });

    it('accepts the connections of every pool with every autoscaler at its maximum, and the migrate Job', () => {
      const maxPods = (w: K8sObject) => {
        const hpa = ofKind(o, 'HorizontalPodAutoscaler').find((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === w.metadata.name);
        return hpa ? (hpa.spec as { maxReplicas: number }).maxReplicas : ((w.spec as { replicas?: number }).replicas ?? 1);
      };
      // Each pod opens one pool of DATABASE_POOL_SIZE per service it hosts (one per pod here), and a service
      // that consumes events up to EVENTS_POOL_SIZE more for its reactions (decisions OB4).
      const consumes = (w: K8sObject) => (EVENT_CONSUMERS as readonly string[]).some((service) => w.metadata.name === `${service}-service`);
      // The migrate Job (DATABASE_URL alone, no configuration) migrates one service at a time with a pool of
      // the default size (k8s/README.md "Sizing"). The Deployments' initContainer (migrate wait) opens one
      // connection before the app starts, never beside it.
      const perPod = (w: K8sObject) =>
        w.kind === 'Job' ? MIGRATE_JOB_CONNECTIONS : loadConfig(envRecord(o, podSpecOf(w).containers[0])).databasePoolSize + (consumes(w) ? EVENTS_POOL_SIZE : 0);
      expect(platformWorkloads(o).filter(consumes).map((w) => w.metadata.name).sort()).toEqual(EVENT_CONSUMERS.map((service) => `${service}-service`).sort());
      const connections = platformWorkloads(o).reduce((sum, w) => sum + maxPods(w) * perPod(w), 0);
      const cluster = ofKind(o, 'Cluster')[0] as (K8sObject & { spec: { postgresql?: { parameters?: Record<string, string> } } }) | undefined;
      const devArgs = named(o, 'StatefulSet', 'postgres') ? (podSpecOf(named(o, 'StatefulSet', 'postgres')!).containers[0].args ?? []).join(' ') : '';
      const maxConnections = Number(cluster?.spec.postgresql?.parameters?.max_connections ?? /max_connections=(\d+)/.exec(devArgs)?.[1] ?? 100);
      // PostgreSQL keeps superuser_reserved_connections (3) for administrators.
      expect(connections).toBeLessThanOrEqual(maxConnections - 3);
    });

    if (name === 'dev') {
      it('is one StatefulSet on a volume, reachable under the host and credentials of the Secret', () => {
        const set = new StatefulSet(named(o, 'StatefulSet', 'postgres') as never);
        expect(set.spec?.volumeClaimTemplates?.length).toBe(1);
        const secret = o.secrets.get('device-cloud-db-app')!;
        const uri = new URL(secret.uri);
        expect(named(o, 'Service', uri.hostname)).toBeDefined();
        expect(decodeURIComponent(uri.username)).toBe(secret.username);
        expect(decodeURIComponent(uri.password)).toBe(secret.password);
        expect(uri.pathname).toBe(`/${secret.dbname}`);
        const env = set.spec!.template.spec!.containers[0].env!;
        expect(env.find((e) => e.name === 'POSTGRES_USER')?.valueFrom?.secretKeyRef).toEqual({ name: 'device-cloud-db-app', key: 'username' });
        expect(env.find((e) => e.name === 'POSTGRES_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({ name: 'device-cloud-db-app', key: 'password' });
        expect(env.find((e) => e.name === 'POSTGRES_DB')?.value).toBe(secret.dbname);
      });
    }

    if (name === 'prod') {
      it('is a CloudNativePG cluster of three instances whose app Secret the workloads read', () => {
        const clusters = ofKind(o, 'Cluster') as (K8sObject & { spec: { instances: number; storage: { size: string }; bootstrap: { initdb: { database: string; owner: string } } } })[];
        expect(clusters.length).toBe(1);
        expect(clusters[0].apiVersion).toBe('postgresql.cnpg.io/v1');
        expect(clusters[0].spec.instances).toBe(3);
        expect(clusters[0].spec.storage.size).toMatch(/^\d+Gi$/);
        expect(`${clusters[0].metadata.name}-app`).toBe('device-cloud-db-app');
        expect(named(o, 'StatefulSet', 'postgres')).toBeUndefined();
      });
    }
  });

  describe('the Ingress', () => {
    const ingress = named(o, 'Ingress', 'gateway-edge')!;
    const spec = ingress.spec as { ingressClassName?: string; rules: { host: string }[]; tls?: { hosts: string[]; secretName: string }[] };
    const config = loadConfig(envRecord(o, podSpecOf(named(o, 'Deployment', 'gateway-edge')!).containers[0]));
    const publicHosts = [...new Set([new URL(config.publicBaseUrl).hostname, new URL(config.publicStoreUrl).hostname])].sort();

    it('serves exactly the hosts of PUBLIC_BASE_URL and PUBLIC_STORE_URL, through a named class', () => {
      expect(spec.ingressClassName).toBeTruthy();
      expect(spec.rules.map((r) => r.host).sort()).toEqual(publicHosts);
    });

    it(name === 'prod' ? 'terminates TLS for every host it serves' : 'serves the scheme the public URLs announce', () => {
      const tlsHosts = (spec.tls ?? []).flatMap((t) => t.hosts).sort();
      const scheme = new URL(config.publicBaseUrl).protocol;
      expect(new URL(config.publicStoreUrl).protocol).toBe(scheme);
      if (scheme === 'https:') expect(tlsHosts).toEqual(publicHosts);
      else expect(tlsHosts).toEqual([]);
      if (name === 'prod') expect(scheme).toBe('https:');
    });
  });
});

describe('the prod example Secrets', () => {
  const file = exampleSecretsFile('prod');
  const examples = parseManifest(file, read(file));

  it('hold only placeholders, and the kustomization never applies them', () => {
    for (const s of examples) for (const value of Object.values((s.stringData ?? {}) as Record<string, string>)) expect(value).toMatch(/REPLACE-ME/);
    expect(read('k8s/overlays/prod/kustomization.yaml')).not.toMatch(/^\s*-\s*secrets\.example\.yaml/m);
  });

  it('with CloudNativePG\'s Secret, are every Secret prod needs and does not render', () => {
    expect(examples.map((s) => s.metadata.name).sort()).toEqual(['device-cloud-db-backup', 'device-cloud-nats', 'device-cloud-object-store', 'device-cloud-secrets']);
    expect([...overlay('prod').externalSecrets].sort()).toEqual(['device-cloud-db-app', 'device-cloud-db-backup', 'device-cloud-nats', 'device-cloud-object-store', 'device-cloud-secrets']);
  });
});

/**
 * Data that survives (k8s/README.md "Backups and recovery"): the prod database archives its WAL and base
 * backups to an object store with a retention, a ScheduledBackup takes one a day (and one at once), the
 * point-in-time recovery manifest restores from that same archive into a cluster the apps already find,
 * and docker/compose.yaml, the dev overlay and the CloudNativePG cluster run the same PostgreSQL major.
 */
import { parse } from 'yaml';
import type { K8sObject } from './k8s-objects';
import { parseManifest, podSpecOf, validateObject } from './k8s-objects';
import { exampleSecretsFile, named, ofKind, overlay } from './k8s-overlays';
import { listFiles, read } from './workspace';

type Store = { destinationPath: string; endpointURL?: string; serverName?: string; s3Credentials: Record<string, { name: string; key: string }>; wal?: { compression?: string }; data?: { compression?: string } };
type ClusterSpec = { imageName: string; bootstrap: Record<string, unknown>; backup?: { retentionPolicy?: string; barmanObjectStore?: Store }; externalClusters?: { name: string; barmanObjectStore?: Store }[] } & Record<string, unknown>;

const RECOVERY = 'k8s/overlays/prod/recovery/postgres-recovery-cluster.yaml';
const prod = overlay('prod');
const cluster = ofKind(prod, 'Cluster')[0] as K8sObject & { spec: ClusterSpec };
const store = cluster.spec.backup!.barmanObjectStore!;
const recovery = parseManifest(RECOVERY, read(RECOVERY));
const recovered = recovery[0] as K8sObject & { spec: ClusterSpec };

describe('the prod database\'s backups', () => {
  it('archive WAL and base backups to an object store, compressed, with a retention', () => {
    expect(cluster.spec.backup?.retentionPolicy).toMatch(/^\d+[dwm]$/);
    expect(store.destinationPath).toMatch(/^s3:\/\/[^/]+/);
    expect(store.endpointURL).toMatch(/^https:\/\//);
    expect(store.wal?.compression).toBeTruthy();
    expect(store.data?.compression).toBeTruthy();
    // Not the recordings' bucket: its own credentials and lifecycle.
    const recordings = (named(prod, 'ConfigMap', ofKind(prod, 'ConfigMap').find((c) => c.metadata.name.startsWith('device-cloud-config'))!.metadata.name)!.data as Record<string, string>).OBJECT_STORE_URL;
    expect(new URL(store.destinationPath).host).not.toBe(new URL(recordings).host);
  });

  it('with credentials from a Secret the operator creates, documented in secrets.example.yaml with the same keys', () => {
    const examples = parseManifest(exampleSecretsFile('prod'), read(exampleSecretsFile('prod')));
    for (const ref of Object.values(store.s3Credentials)) {
      expect(prod.externalSecrets.has(ref.name)).toBe(true);
      const example = examples.find((s) => s.metadata.name === ref.name);
      expect(Object.keys((example?.stringData ?? {}) as object)).toContain(ref.key);
    }
  });

  it('start with a base backup at once and take one a day, kept until the retention removes it', () => {
    const scheduled = ofKind(prod, 'ScheduledBackup') as (K8sObject & { spec: { schedule: string; immediate?: boolean; backupOwnerReference?: string; cluster: { name: string }; method?: string } })[];
    expect(scheduled).toHaveLength(1);
    const [s] = scheduled;
    expect(s.spec.cluster.name).toBe(cluster.metadata.name);
    expect(s.spec.immediate).toBe(true);
    expect(s.spec.backupOwnerReference).toBe('self');
    expect(s.spec.method ?? 'barmanObjectStore').toBe('barmanObjectStore');
    // Seconds, minutes, hours fixed; every day of every month.
    const [sec, min, hour, ...rest] = s.spec.schedule.split(/\s+/);
    expect([sec, min, hour].every((f) => /^\d+$/.test(f))).toBe(true);
    expect(rest).toEqual(['*', '*', '*']);
  });
});

describe('the point-in-time recovery manifest', () => {
  it('is one valid Cluster outside every kustomization', () => {
    expect(recovery).toHaveLength(1);
    expect(() => validateObject(recovered)).not.toThrow();
    const kustomizations = listFiles('k8s').filter((f) => f.endsWith('kustomization.yaml'));
    for (const k of kustomizations) expect(read(k)).not.toMatch(/recovery/);
  });

  it('takes the name of the prod cluster, so the apps\' Secret and Services come back under their names', () => {
    expect(recovered.metadata.name).toBe(cluster.metadata.name);
    expect(recovered.metadata.namespace).toBe('device-cloud');
  });

  it('restores from the archive the prod cluster writes (same bucket, endpoint, credentials, serverName)', () => {
    const r = recovered.spec.bootstrap.recovery as { source: string; recoveryTarget: { targetTime: string } };
    const source = recovered.spec.externalClusters!.find((c) => c.name === r.source)!.barmanObjectStore!;
    expect(source.destinationPath).toBe(store.destinationPath);
    expect(source.endpointURL).toBe(store.endpointURL);
    expect(source.s3Credentials).toEqual(store.s3Credentials);
    expect(source.serverName ?? recovered.spec.externalClusters![0].name).toBe(store.serverName ?? cluster.metadata.name);
  });

  it('archives under a new serverName in the same bucket (CloudNativePG refuses an archive another cluster wrote)', () => {
    const own = recovered.spec.backup!.barmanObjectStore!;
    expect(own.destinationPath).toBe(store.destinationPath);
    expect(own.serverName).toBeDefined();
    expect(own.serverName).not.toBe(store.serverName ?? cluster.metadata.name);
    expect(recovered.spec.backup!.retentionPolicy).toBe(cluster.spec.backup!.retentionPolicy);
  });

  it('has one clearly marked target time to edit, which the operator refuses until edited', () => {
    const text = read(RECOVERY);
    expect(text.match(/EDIT THIS/g)).toHaveLength(1);
    const target = (recovered.spec.bootstrap.recovery as { recoveryTarget: { targetTime: string } }).recoveryTarget.targetTime;
    expect(target).toMatch(/^EDIT-ME/);
    // The example in the comment is a time CloudNativePG accepts (RFC 3339 or PostgreSQL's timestamp form).
    const example = /e\.g\. "([^"]+)"/.exec(text)![1];
    expect(Number.isNaN(Date.parse(example.replace(' ', 'T').replace(/\+00$/, 'Z')))).toBe(false);
  });

  it('is postgres-cluster.yaml with another bootstrap: every other setting the same', () => {
    const strip = (spec: ClusterSpec) => {
      const copy = JSON.parse(JSON.stringify(spec)) as ClusterSpec;
      delete (copy as Partial<ClusterSpec>).bootstrap;
      delete copy.externalClusters;
      delete copy.backup?.barmanObjectStore?.serverName;
      return copy;
    };
    expect(strip(recovered.spec)).toEqual(strip(cluster.spec));
    expect(recovered.metadata.labels).toEqual(cluster.metadata.labels);
  });
});

describe('PostgreSQL major version', () => {
  it('is the same in docker/compose.yaml, the dev overlay and the CloudNativePG cluster (prod, recovery)', () => {
    const major = (image: string) => /:(\d+)/.exec(image)?.[1];
    const compose = (parse(read('docker/compose.yaml')) as { services: { postgres: { image: string } } }).services.postgres.image;
    const dev = podSpecOf(named(overlay('dev'), 'StatefulSet', 'postgres')!).containers[0].image!;
    const majors = { compose: major(compose), dev: major(dev), prod: major(cluster.spec.imageName), recovery: major(recovered.spec.imageName) };
    expect(majors.compose).toMatch(/^\d+$/);
    expect(majors).toEqual({ compose: majors.compose, dev: majors.compose, prod: majors.compose, recovery: majors.compose });
  });
});

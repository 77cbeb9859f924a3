/**
 * `kubectl apply -k k8s/overlays/<name>` is a whole release, and applying it again is harmless
 * (k8s/README.md "Release"): the migrate Job is named per release (migrate-<image tag>) and its immutable
 * pod template references nothing that changes within a release; every Deployment waits for the release's
 * migrations in an initContainer (`migrate wait`); Argo CD's sync waves order database → Job → apps.
 */
import type { Container, K8sObject } from './k8s-objects';
import { podSpecOf } from './k8s-objects';
import { containerEnv, ofKind, overlays, type Overlay } from './k8s-overlays';
import { read } from './workspace';

const WAVE = 'argocd.argoproj.io/sync-wave';
const wave = (x: K8sObject): number => Number(x.metadata.annotations?.[WAVE] ?? 0);
const tagOf = (image: string | undefined) => /:([\w.-]+)$/.exec(image ?? '')?.[1];
const migrateJobs = (o: Overlay) => ofKind(o, 'Job').filter((j) => j.metadata.labels?.['app.kubernetes.io/name'] === 'migrate');
const GENERATED_NAME = /-[a-z0-9]{10}$/;

describe.each(overlays().map((o) => [o.name, o] as const))('overlay %s', (_name, o: Overlay) => {
  const [job] = migrateJobs(o);
  const deployments = ofKind(o, 'Deployment');

  describe('the migrate Job', () => {
    it('is one Job, named after the release (its image tag), so a new release is a new Job', () => {
      expect(migrateJobs(o)).toHaveLength(1);
      const images = [job, ...deployments].flatMap((w) => podSpecOf(w).containers.map((c) => c.image));
      const tags = new Set(images.map(tagOf));
      // Every app and the Job run one release; its tag names the Job.
      expect([...tags]).toHaveLength(1);
      expect(job.metadata.name).toBe(`migrate-${[...tags][0]}`);
      // A Job name becomes a label value (job-name) and the prefix of its pods' names.
      expect(job.metadata.name.length).toBeLessThanOrEqual(63);
      expect(job.metadata.name).toMatch(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/);
    });

    it('references nothing whose name changes within a release (its pod template is immutable)', () => {
      const pod = podSpecOf(job);
      const containers: Container[] = [...pod.containers, ...(pod.initContainers ?? [])];
      expect(containers.flatMap((c) => (c.envFrom ?? []).map((e) => e.configMapRef?.name).filter(Boolean))).toEqual([]);
      expect(containers.flatMap((c) => (c.env ?? []).map((e) => e.valueFrom?.configMapKeyRef?.name).filter(Boolean))).toEqual([]);
      expect((pod.volumes ?? []).filter((v) => v.configMap || v.secret || v.projected)).toEqual([]);
      const secrets = containers.flatMap((c) => [...(c.envFrom ?? []).map((e) => e.secretRef?.name), ...(c.env ?? []).map((e) => e.valueFrom?.secretKeyRef?.name)]).filter(Boolean);
      for (const s of secrets) expect({ secret: s, generatedName: GENERATED_NAME.test(s!) }).toEqual({ secret: s, generatedName: false });
      // What it reads is there: the database's URL.
      expect(containerEnv(o, pod.containers[0]).get('DATABASE_URL')?.value).toMatch(/^postgresql:\/\//);
    });

    it('goes away by itself after it finished, and retries through a database that is still starting', () => {
      const spec = job.spec as { ttlSecondsAfterFinished?: number; backoffLimit?: number; activeDeadlineSeconds?: number };
      expect(spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
      expect(spec.backoffLimit).toBeGreaterThanOrEqual(3);
      expect(spec.activeDeadlineSeconds).toBeGreaterThanOrEqual(900);
    });
  });

  describe('every Deployment', () => {
    it.each(deployments.map((d) => [d.metadata.name, d] as const))('%s waits for the release\'s migrations before its app starts', (_d, d) => {
      const pod = podSpecOf(d);
      const app = pod.containers[0];
      const waits = (pod.initContainers ?? []).filter((c) => (c.args ?? []).slice(0, 2).join(' ') === 'migrate wait');
      expect(waits).toHaveLength(1);
      const [w] = waits;
      // The same image (release) as the app, a deadline, the same database as the app.
      expect(w.image).toBe(app.image);
      expect(w.args).toContain('--timeout');
      expect(containerEnv(o, w).get('DATABASE_URL')).toEqual(containerEnv(o, app).get('DATABASE_URL'));
      expect(w.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(w.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(w.securityContext?.capabilities?.drop).toEqual(['ALL']);
      expect(w.resources?.limits?.memory).toBeDefined();
      expect(w.resources?.limits?.cpu).toBeDefined();
    });
  });

  describe('Argo CD sync waves', () => {
    it('apply the database and what the Job needs, then the Job, then the apps', () => {
      const pod = podSpecOf(job);
      const needs = o.objects.filter(
        (x) =>
          x.kind === 'Namespace' ||
          (x.kind === 'ServiceAccount' && x.metadata.name === pod.serviceAccountName) ||
          x.metadata.labels?.['app.kubernetes.io/component'] === 'database' ||
          (x.kind === 'Secret' && pod.containers.some((c) => (c.env ?? []).some((e) => e.valueFrom?.secretKeyRef?.name === x.metadata.name))),
      );
      expect(needs.some((x) => x.kind === 'Cluster' || x.kind === 'StatefulSet')).toBe(true);
      for (const x of needs) expect({ object: `${x.kind}/${x.metadata.name}`, before: wave(x) < wave(job) }).toEqual({ object: `${x.kind}/${x.metadata.name}`, before: true });
      for (const d of deployments) expect({ deployment: d.metadata.name, after: wave(d) > wave(job) }).toEqual({ deployment: d.metadata.name, after: true });
    });
  });
});

describe('the migrate CLI and the guide', () => {
  it('has the wait command the initContainers run', () => {
    const cli = read('libs/database/src/cli/migrate.ts');
    expect(cli).toMatch(/case 'wait':/);
    expect(cli).toMatch(/--timeout/);
  });

  it('k8s/README.md releases with one apply, and says how Argo CD and Flux order it', () => {
    const guide = read('k8s/README.md');
    const release = guide.slice(guide.indexOf('### Release'), guide.indexOf('### Check that it is up'));
    // The commands of a release: one apply, no phases, no Job to delete by hand.
    const commands = /```sh\n([\s\S]*?)```/.exec(release)![1];
    expect(commands.split('\n').filter((l) => l.startsWith('kubectl apply'))).toEqual(['kubectl apply -k k8s/overlays/prod']);
    expect(commands).not.toMatch(/delete job|-l device-cloud\/phase/);
    expect(guide).toContain(WAVE);
    expect(guide).toMatch(/dependsOn/);
    expect(guide).toMatch(/wait: true/);
  });
});

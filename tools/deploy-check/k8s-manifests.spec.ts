/**
 * Every manifest under k8s/ is valid Kubernetes (schema of its apiVersion/kind), the kustomization is
 * complete, and the objects reference each other consistently (names, selectors, phases).
 */
import { Deployment } from 'kubernetes-models/apps/v1';
import { parseManifest, KUSTOMIZATION_API, loadManifests, manifestFiles, matches, podLabelsOf, podSpecOf, validateObject, type K8sObject } from './k8s-objects';
import { read } from './workspace';

const BASE = 'k8s/base';
const EXAMPLE_SECRET = `${BASE}/secret.example.yaml`;
const all = loadManifests();
const apiObjects = all.filter(({ object }) => object.apiVersion !== KUSTOMIZATION_API);
const kustomization = parseManifest(`${BASE}/kustomization.yaml`, read(`${BASE}/kustomization.yaml`))[0] as K8sObject & {
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
};
const base = apiObjects.filter(({ file }) => file.startsWith(`${BASE}/`) && file !== EXAMPLE_SECRET).map(({ object }) => object);
const ofKind = (kind: string) => base.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => base.find((o) => o.kind === kind && o.metadata.name === name);

describe('the validator', () => {
  it('rejects an object that breaks its schema (so a passing validation means something)', () => {
    const broken = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { replicas: 'two', template: {} } } as unknown as K8sObject;
    expect(() => validateObject(broken)).toThrow();
    expect(() => validateObject({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'x' } })).toThrow(/no schema/);
  });
});

describe('k8s manifests', () => {
  it('are found', () => {
    expect(manifestFiles().length).toBeGreaterThan(5);
    expect(ofKind('Deployment').length).toBeGreaterThan(0);
  });

  it.each(apiObjects.map(({ file, object }) => [`${file}: ${object.kind}/${object.metadata?.name}`, object] as const))('%s is valid for its apiVersion/kind', (_label, object) => {
    expect(typeof object.metadata?.name).toBe('string');
    expect(() => validateObject(object)).not.toThrow();
  });

  it('have unique kind/name pairs', () => {
    const keys = base.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe('kustomization', () => {
  it('lists every manifest of the base folder except the example Secret, and nothing else', () => {
    const files = manifestFiles(BASE)
      .filter((f) => f !== `${BASE}/kustomization.yaml` && f !== EXAMPLE_SECRET)
      .map((f) => f.slice(BASE.length + 1));
    expect([...(kustomization.resources ?? [])].sort()).toEqual(files.sort());
  });

  it('puts everything in the device-cloud namespace, which it creates', () => {
    expect(kustomization.namespace).toBe('device-cloud');
    expect(named('Namespace', 'device-cloud')).toBeDefined();
    // Objects must not pin another namespace (kustomize would override it silently only for some kinds).
    expect(base.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace && o.metadata.namespace !== 'device-cloud')).toEqual([]);
  });

  it('maps the image every workload uses', () => {
    const images = new Set([...ofKind('Deployment'), ...ofKind('Job')].flatMap((o) => (podSpecOf(o).containers ?? []).map((c) => c.image)));
    expect([...images]).toEqual(['device-cloud']);
    expect(kustomization.images?.map((i) => i.name)).toEqual(['device-cloud']);
    expect(kustomization.images?.[0].newName).toBeTruthy();
  });
});

describe('the example Secret', () => {
  const example = parseManifest(EXAMPLE_SECRET, read(EXAMPLE_SECRET))[0];
  const data = (example.stringData ?? {}) as Record<string, string>;

  it('is not applied by the kustomization and marks every value as a placeholder', () => {
    expect(kustomization.resources).not.toContain('secret.example.yaml');
    expect(Object.keys(data).sort()).toEqual(['ADMIN_TOKEN', 'DATABASE_URL', 'SECRETS_KEY']);
    for (const value of Object.values(data)) expect(value).toMatch(/REPLACE-ME/);
  });

  it('is the Secret every workload reads', () => {
    const refs = new Set(
      [...ofKind('Deployment'), ...ofKind('Job')].flatMap((o) => (podSpecOf(o).containers ?? []).flatMap((c) => (c.envFrom ?? []).map((e) => e.secretRef?.name).filter(Boolean))),
    );
    expect([...refs]).toEqual([example.metadata.name]);
  });
});

describe('references between objects', () => {
  it('every Service selects the pods of a Deployment and targets a port their container declares', () => {
    for (const svc of ofKind('Service')) {
      const spec = svc.spec as { selector?: Record<string, string>; ports: { targetPort?: string | number; port: number }[] };
      const deployments = ofKind('Deployment').filter((d) => matches(spec.selector, podLabelsOf(d)));
      expect({ service: svc.metadata.name, deployments: deployments.length }).toEqual({ service: svc.metadata.name, deployments: 1 });
      const ports = (podSpecOf(deployments[0]).containers ?? []).flatMap((c) => c.ports ?? []);
      for (const p of spec.ports) {
        const target = p.targetPort ?? p.port;
        expect({ service: svc.metadata.name, target, declared: ports.some((cp) => cp.name === target || cp.containerPort === target) }).toEqual({
          service: svc.metadata.name,
          target,
          declared: true,
        });
      }
    }
  });

  it('every PodDisruptionBudget covers one Deployment and never blocks all evictions', () => {
    for (const pdb of ofKind('PodDisruptionBudget')) {
      const spec = pdb.spec as { selector: { matchLabels: Record<string, string> }; minAvailable?: number; maxUnavailable?: number };
      const deployments = ofKind('Deployment').filter((d) => matches(spec.selector.matchLabels, podLabelsOf(d)));
      expect(deployments.map((d) => d.metadata.name)).toEqual([pdb.metadata.name]);
      const hpa = ofKind('HorizontalPodAutoscaler').find((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === deployments[0].metadata.name);
      const minReplicas = hpa ? (hpa.spec as { minReplicas: number }).minReplicas : new Deployment(deployments[0] as never).spec?.replicas ?? 1;
      if (spec.minAvailable !== undefined) expect(spec.minAvailable).toBeLessThan(minReplicas);
      else expect(spec.maxUnavailable).toBeGreaterThan(0);
    }
  });

  it('the edge has a PodDisruptionBudget and a HorizontalPodAutoscaler that owns its replica count', () => {
    const hpa = named('HorizontalPodAutoscaler', 'gateway-edge');
    expect(hpa).toBeDefined();
    const spec = hpa!.spec as { scaleTargetRef: { apiVersion: string; kind: string; name: string }; minReplicas: number; maxReplicas: number };
    expect(spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'gateway-edge' });
    expect(spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(spec.maxReplicas).toBeGreaterThan(spec.minReplicas);
    expect(named('PodDisruptionBudget', 'gateway-edge')).toBeDefined();
    // A replicas field would reset the HPA's count on every `kubectl apply`.
    expect((named('Deployment', 'gateway-edge')!.spec as { replicas?: number }).replicas).toBeUndefined();
    // CPU utilisation targets are relative to requests: without them the HPA cannot work.
    const edge = podSpecOf(named('Deployment', 'gateway-edge')!).containers[0];
    expect(edge.resources?.requests?.cpu).toBeDefined();
  });

  it('workloads reference only the ConfigMap and ServiceAccount defined here', () => {
    const configMaps = new Set(ofKind('ConfigMap').map((o) => o.metadata.name));
    const accounts = new Set(ofKind('ServiceAccount').map((o) => o.metadata.name));
    for (const o of [...ofKind('Deployment'), ...ofKind('Job')]) {
      const pod = podSpecOf(o);
      expect(accounts.has(pod.serviceAccountName ?? 'default')).toBe(true);
      for (const c of pod.containers) for (const e of c.envFrom ?? []) if (e.configMapRef) expect(configMaps.has(e.configMapRef.name ?? '')).toBe(true);
    }
  });
});

describe('release phases (k8s/README.md: migrations before rollout)', () => {
  const PHASE = 'device-cloud/phase';
  const phase1 = base.filter((o) => o.metadata.labels?.[PHASE] === 'migrate');

  it('the migrate phase holds the Job and everything it needs, and no Deployment', () => {
    const job = named('Job', 'migrate');
    expect(job).toBeDefined();
    expect(phase1).toContain(job);
    expect(phase1.filter((o) => o.kind === 'Deployment')).toEqual([]);
    const kindsNames = new Set(phase1.map((o) => `${o.kind}/${o.metadata.name}`));
    const pod = podSpecOf(job!);
    expect(kindsNames.has('Namespace/device-cloud')).toBe(true);
    expect(kindsNames.has(`ServiceAccount/${pod.serviceAccountName}`)).toBe(true);
    for (const c of pod.containers) for (const e of c.envFrom ?? []) if (e.configMapRef) expect(kindsNames.has(`ConfigMap/${e.configMapRef.name}`)).toBe(true);
  });

  it('the migrate Job runs the image\'s migrate command once, without retry storms', () => {
    const job = named('Job', 'migrate')!;
    const spec = job.spec as { backoffLimit?: number; activeDeadlineSeconds?: number };
    const pod = podSpecOf(job);
    expect(['Never', 'OnFailure']).toContain(pod.restartPolicy);
    expect(pod.containers.map((c) => c.args)).toEqual([['migrate']]);
    expect(spec.backoffLimit).toBeLessThanOrEqual(5);
    expect(spec.activeDeadlineSeconds).toBeGreaterThan(0);
    expect(read('k8s/README.md')).toContain(`-l ${PHASE}=migrate`);
    expect(read('k8s/README.md')).toMatch(/kubectl (-n \S+ )?wait --for=condition=complete job\/migrate/);
  });
});

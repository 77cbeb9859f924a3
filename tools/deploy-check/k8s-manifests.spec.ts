/**
 * Every overlay renders (offline, kustomize.ts) into valid Kubernetes: each object against the schema of
 * its apiVersion/kind (kubernetes-models; k8s-crds.ts for the custom resources), every file listed, and the
 * objects referencing each other consistently (names, selectors, ports, phases, rolling config).
 */
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { KUSTOMIZATION_API, manifestFiles, matches, parseManifest, podLabelsOf, podSpecOf, validateObject, type K8sObject } from './k8s-objects';
import { exampleSecretsFile, named, ofKind, overlays, platformWorkloads, type Overlay } from './k8s-overlays';
import { read } from './workspace';

const NAMESPACE = 'device-cloud';
const all = overlays();

describe('the validator', () => {
  it('rejects an object that breaks its schema (so a passing validation means something)', () => {
    const broken = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { replicas: 'two', template: {} } } as unknown as K8sObject;
    expect(() => validateObject(broken)).toThrow();
    expect(() => validateObject({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'x' } })).toThrow(/no schema/);
  });

  it('rejects custom resources that miss what their operators require', () => {
    const meta = { name: 'x' };
    expect(() => validateObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor', metadata: meta, spec: { selector: {}, endpoints: [] } })).toThrow(/endpoints/);
    expect(() =>
      validateObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'PrometheusRule', metadata: meta, spec: { groups: [{ name: 'g', rules: [{ alert: 'A', for: 'soon' }] }] } }),
    ).toThrow(/expr.*|for is not a duration/);
    expect(() => validateObject({ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Cluster', metadata: meta, spec: { instances: 3 } })).toThrow(/storage/);
  });
});

describe('the overlays', () => {
  it('are dev and prod', () => {
    expect(all.map((o) => o.name)).toEqual(['dev', 'prod']);
  });
});

describe.each(all.map((o) => [o.name, o] as const))('overlay %s', (_name, o) => {
  it.each(o.objects.map((x) => [`${x.kind}/${x.metadata?.name}`, x] as const))('%s is valid for its apiVersion/kind', (_label, x) => {
    expect(typeof x.metadata?.name).toBe('string');
    expect(() => validateObject(x)).not.toThrow();
  });

  it('has unique kind/name pairs, all in the device-cloud namespace, which it creates', () => {
    const keys = o.objects.map((x) => `${x.kind}/${x.metadata.name}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(named(o, 'Namespace', NAMESPACE)).toBeDefined();
    expect(o.objects.filter((x) => x.kind !== 'Namespace' && x.metadata.namespace !== NAMESPACE).map((x) => `${x.kind}/${x.metadata.name}`)).toEqual([]);
  });

  it('runs the platform image from the registry and pins every other image to a version', () => {
    for (const w of o.objects.filter((x) => ['Deployment', 'StatefulSet', 'Job'].includes(x.kind))) {
      for (const c of podSpecOf(w).containers) {
        expect({ workload: w.metadata.name, image: c.image }).toEqual({ workload: w.metadata.name, image: expect.stringMatching(/^[\w./-]+:[\w.-]+$/) });
        expect(c.image).not.toMatch(/:latest$/);
      }
    }
    const images = new Set(platformWorkloads(o).flatMap((w) => podSpecOf(w).containers.map((c) => c.image)));
    expect([...images]).toEqual([expect.stringMatching(/^registry\.example\.com\/device-cloud:/)]);
  });

  it('rolls the pods when their configuration changes (generated ConfigMap names carry a content hash)', () => {
    const generated = ofKind(o, 'ConfigMap').map((cm) => cm.metadata.name);
    expect(generated).toEqual(expect.arrayContaining([expect.stringMatching(/^device-cloud-config-[a-z0-9]{10}$/), expect.stringMatching(/^nats-config-[a-z0-9]{10}$/)]));
    for (const w of platformWorkloads(o)) {
      const refs = podSpecOf(w).containers.flatMap((c) => (c.envFrom ?? []).map((e) => e.configMapRef?.name).filter(Boolean));
      // The migrate Job's pod template is immutable and named per release: it references no generated name.
      const expected = w.kind === 'Job' ? [] : [expect.stringMatching(/^device-cloud-config-[a-z0-9]{10}$/)];
      expect({ workload: w.metadata.name, refs }).toEqual({ workload: w.metadata.name, refs: expected });
    }
    const nats = podSpecOf(named(o, 'StatefulSet', 'nats')!).volumes?.find((v) => v.configMap)?.configMap?.name;
    expect(nats).toMatch(/^nats-config-[a-z0-9]{10}$/);
  });

  it('references only ConfigMaps and Secrets that exist (rendered, or created outside as documented)', () => {
    const configMaps = new Set(ofKind(o, 'ConfigMap').map((x) => x.metadata.name));
    const missing: string[] = [];
    for (const w of o.objects.filter((x) => ['Deployment', 'StatefulSet', 'Job'].includes(x.kind))) {
      const pod = podSpecOf(w);
      for (const v of pod.volumes ?? []) if (v.configMap && !configMaps.has(v.configMap.name ?? '')) missing.push(`${w.metadata.name}: ConfigMap ${v.configMap.name}`);
      for (const c of pod.containers) {
        for (const e of c.envFrom ?? []) {
          if (e.configMapRef && !configMaps.has(e.configMapRef.name ?? '')) missing.push(`${w.metadata.name}: ConfigMap ${e.configMapRef.name}`);
          if (e.secretRef && !o.secrets.has(e.secretRef.name ?? '')) missing.push(`${w.metadata.name}: Secret ${e.secretRef.name}`);
        }
        for (const e of c.env ?? []) {
          const s = e.valueFrom?.secretKeyRef;
          if (s && !s.optional && o.secrets.get(s.name ?? '')?.[s.key] === undefined) missing.push(`${w.metadata.name}: Secret ${s.name} key ${s.key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('every Service selects the pods of one workload and targets a port their container declares', () => {
    const workloads = [...ofKind(o, 'Deployment'), ...ofKind(o, 'StatefulSet')];
    for (const svc of ofKind(o, 'Service')) {
      const spec = svc.spec as { selector?: Record<string, string>; ports: { targetPort?: string | number; port: number }[] };
      const selected = workloads.filter((d) => matches(spec.selector, podLabelsOf(d)));
      expect({ service: svc.metadata.name, workloads: selected.length }).toEqual({ service: svc.metadata.name, workloads: 1 });
      const ports = podSpecOf(selected[0]).containers.flatMap((c) => c.ports ?? []);
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

  it('every Deployment and StatefulSet has a PodDisruptionBudget that never blocks all evictions', () => {
    const workloads = [...ofKind(o, 'Deployment'), ...ofKind(o, 'StatefulSet')];
    for (const w of workloads) {
      const pdbs = ofKind(o, 'PodDisruptionBudget').filter((p) => matches((p.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels, podLabelsOf(w)));
      if (w.kind === 'StatefulSet' && (w.spec as { replicas?: number }).replicas === 1) {
        expect(pdbs).toEqual([]); // one dev instance: a PDB would only block node drains
        continue;
      }
      expect({ workload: w.metadata.name, pdbs: pdbs.length }).toEqual({ workload: w.metadata.name, pdbs: 1 });
      const spec = pdbs[0].spec as { minAvailable?: number; maxUnavailable?: number };
      const hpa = ofKind(o, 'HorizontalPodAutoscaler').find((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === w.metadata.name);
      const replicas = hpa ? (hpa.spec as { minReplicas: number }).minReplicas : ((w.spec as { replicas?: number }).replicas ?? 1);
      if (spec.minAvailable !== undefined) expect(spec.minAvailable).toBeLessThan(replicas);
      else expect(spec.maxUnavailable).toBeGreaterThan(0);
    }
  });

  it('spreads every Deployment and StatefulSet of more than one pod over nodes', () => {
    for (const w of [...ofKind(o, 'Deployment'), ...ofKind(o, 'StatefulSet')]) {
      if ((w.spec as { replicas?: number }).replicas === 1) continue;
      const spread = podSpecOf(w).topologySpreadConstraints ?? [];
      expect({ workload: w.metadata.name, hostname: spread.some((t) => t.topologyKey === 'kubernetes.io/hostname' && matches(t.labelSelector?.matchLabels, podLabelsOf(w))) }).toEqual({
        workload: w.metadata.name,
        hostname: true,
      });
    }
  });

  it.each(['gateway-edge', 'sso-service', 'device-service'])('%s has a HorizontalPodAutoscaler that owns its replica count', (app) => {
    const hpa = named(o, 'HorizontalPodAutoscaler', app);
    expect(hpa).toBeDefined();
    const spec = hpa!.spec as { scaleTargetRef: object; minReplicas: number; maxReplicas: number };
    expect(spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
    expect(spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(spec.maxReplicas).toBeGreaterThan(spec.minReplicas);
    const deployment = new Deployment(named(o, 'Deployment', app) as never);
    // A replicas field would reset the HPA's count on every `kubectl apply`.
    expect(deployment.spec?.replicas).toBeUndefined();
    // CPU utilisation targets are relative to requests: without them the HPA cannot work.
    expect(deployment.spec?.template.spec?.containers[0].resources?.requests?.cpu).toBeDefined();
  });

  it('runs every pod within the namespace\'s Pod Security level "restricted" (else the API server refuses it)', () => {
    expect(named(o, 'Namespace', NAMESPACE)?.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    const violations: string[] = [];
    for (const w of o.objects.filter((x) => ['Deployment', 'StatefulSet', 'Job'].includes(x.kind))) {
      const pod = podSpecOf(w);
      for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
        const sc = c.securityContext ?? {};
        const at = `${w.kind}/${w.metadata.name} ${c.name}`;
        if ((sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot) !== true) violations.push(`${at}: runAsNonRoot`);
        if ((sc.seccompProfile?.type ?? pod.securityContext?.seccompProfile?.type) !== 'RuntimeDefault') violations.push(`${at}: seccompProfile`);
        if (sc.allowPrivilegeEscalation !== false) violations.push(`${at}: allowPrivilegeEscalation`);
        if (!sc.capabilities?.drop?.includes('ALL') || (sc.capabilities.add ?? []).some((cap) => cap !== 'NET_BIND_SERVICE')) violations.push(`${at}: capabilities`);
        if ((sc.runAsUser ?? pod.securityContext?.runAsUser) === 0) violations.push(`${at}: runs as root`);
      }
      if ((pod.volumes ?? []).some((v) => v.hostPath)) violations.push(`${w.metadata.name}: hostPath volume`);
    }
    expect(violations).toEqual([]);
  });

  it('keeps StatefulSet data on volume claims', () => {
    for (const s of ofKind(o, 'StatefulSet')) {
      const set = new StatefulSet(s as never);
      const claims = set.spec?.volumeClaimTemplates?.map((c) => c.metadata?.name) ?? [];
      expect({ statefulSet: s.metadata.name, claims: claims.length > 0 }).toEqual({ statefulSet: s.metadata.name, claims: true });
      const mounts = set.spec!.template.spec!.containers.flatMap((c) => c.volumeMounts ?? []).map((m) => m.name);
      for (const claim of claims) expect(mounts).toContain(claim);
    }
  });
});

describe('kustomizations list every manifest of their folder', () => {
  const folders = ['k8s/base', 'k8s/monitoring', ...all.map((o) => o.dir)];
  it.each(folders)('%s', (dir) => {
    const k = parseManifest(`${dir}/kustomization.yaml`, read(`${dir}/kustomization.yaml`))[0] as K8sObject & { resources?: string[] };
    const listed = new Set((k.resources ?? []).filter((r) => r.endsWith('.yaml')));
    const files = manifestFiles(dir)
      .filter((f) => f.split('/').length === dir.split('/').length + 1)
      .map((f) => f.slice(dir.length + 1))
      .filter((f) => f !== 'kustomization.yaml' && `${dir}/${f}` !== exampleSecretsFile(dir.split('/').pop()!));
    expect([...listed].sort()).toEqual(files.sort());
    expect(k.apiVersion).toBe(KUSTOMIZATION_API);
  });
});

describe('the migrate phase (device-cloud/phase=migrate: the migrations alone, ahead of a rollout)', () => {
  const PHASE = 'device-cloud/phase';

  it.each(all.map((o) => [o.name, o] as const))('%s: the migrate phase holds the Job and everything it needs, and no Deployment', (_name, o: Overlay) => {
    const phase1 = o.objects.filter((x) => x.metadata.labels?.[PHASE] === 'migrate');
    const keys = new Set(phase1.map((x) => `${x.kind}/${x.metadata.name}`));
    const job = ofKind(o, 'Job').find((j) => j.metadata.labels?.['app.kubernetes.io/name'] === 'migrate')!;
    expect(phase1).toContain(job);
    expect(phase1.filter((x) => x.kind === 'Deployment')).toEqual([]);
    expect(keys.has(`Namespace/${NAMESPACE}`)).toBe(true);
    const pod = podSpecOf(job);
    expect(keys.has(`ServiceAccount/${pod.serviceAccountName}`)).toBe(true);
    for (const c of pod.containers) {
      for (const e of c.envFrom ?? []) {
        if (e.configMapRef) expect(keys.has(`ConfigMap/${e.configMapRef.name}`)).toBe(true);
        if (e.secretRef && !o.externalSecrets.has(e.secretRef.name ?? '')) expect(keys.has(`Secret/${e.secretRef.name}`)).toBe(true);
      }
      for (const e of c.env ?? []) {
        const s = e.valueFrom?.secretKeyRef?.name;
        if (s && !o.externalSecrets.has(s)) expect(keys.has(`Secret/${s}`)).toBe(true);
      }
    }
    // The database the Job migrates comes up in the same phase.
    expect(phase1.some((x) => x.kind === 'Cluster' || (x.kind === 'StatefulSet' && x.metadata.labels?.['app.kubernetes.io/component'] === 'database'))).toBe(true);
  });

  it('the migrate Job runs the image\'s migrate command once, without retry storms, and the guide says how', () => {
    for (const o of all) {
      const job = ofKind(o, 'Job').find((j) => j.metadata.labels?.['app.kubernetes.io/name'] === 'migrate')!;
      const spec = job.spec as { backoffLimit?: number; activeDeadlineSeconds?: number };
      const pod = podSpecOf(job);
      expect(['Never', 'OnFailure']).toContain(pod.restartPolicy);
      expect(pod.containers.map((c) => c.args)).toEqual([['migrate']]);
      expect(spec.backoffLimit).toBeLessThanOrEqual(5);
      expect(spec.activeDeadlineSeconds).toBeGreaterThan(0);
    }
    // The one-command release and its guide: k8s-release.spec.ts.
  });
});

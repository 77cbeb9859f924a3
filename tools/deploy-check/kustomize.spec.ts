/**
 * The offline renderer (kustomize.ts) on small fixtures (fixtures/kustomize): the output kubectl kustomize
 * gives for them (names and hashes taken from kubectl 1.32 / kustomize 5.5), and a clear refusal of what
 * it does not implement, so the k8s checks never run on a misread render.
 */
import { podSpecOf, type K8sObject } from './k8s-objects';
import { nameHash, renderKustomization } from './kustomize';

const FIXTURES = 'tools/deploy-check/fixtures/kustomize';
const find = (objects: K8sObject[], kind: string, prefix: string) => objects.find((o) => o.kind === kind && o.metadata.name.startsWith(prefix))!;

describe('the content hash of generated names', () => {
  it('is kustomize\'s: SHA-256 of kind, an empty name and the data, vowels and look-alikes replaced', () => {
    // `kubectl kustomize` of a configMapGenerator with the one literal A=b names it x-b9t2424hkf.
    expect(nameHash({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { A: 'b' } })).toBe('b9t2424hkf');
    // The name never enters the hash; the data does.
    expect(nameHash({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'y' }, data: { A: 'b' } })).toBe('b9t2424hkf');
    expect(nameHash({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { A: 'c' } })).not.toBe('b9t2424hkf');
  });
});

describe('rendering the overlay fixture', () => {
  const objects = renderKustomization(`${FIXTURES}/overlay`);
  const config = find(objects, 'ConfigMap', 'app-config');
  const deployment = find(objects, 'Deployment', 'app');
  const job = find(objects, 'Job', 'job');

  it('merges the overlay\'s literals into the base\'s generated ConfigMap and hashes the result', () => {
    expect(config.metadata).toEqual({ name: 'app-config-628ct8mt2b', namespace: 'fixture', labels: { phase: 'one' } });
    expect(config.data).toEqual({ A: '1', URL: 'http://example.com/?a=1&b=<2>', 'settings.conf': 'key: value\nother: "quoted"\n', B: '2' });
  });

  it('renames every reference to a generated name, at its own level and above', () => {
    const container = podSpecOf(deployment).containers[0];
    expect(container.envFrom?.[0].configMapRef?.name).toBe('app-config-628ct8mt2b');
    expect(container.env?.[0].valueFrom?.configMapKeyRef?.name).toBe('app-config-628ct8mt2b');
    expect(podSpecOf(job).containers[0].envFrom?.map((e) => e.secretRef?.name ?? e.configMapRef?.name)).toEqual(['job-secret-2446bft67g', 'fixed-secret', 'app-config-628ct8mt2b']);
  });

  it('encodes Secret values as kustomize does (base64, lines of 70 characters past that length)', () => {
    const secret = find(objects, 'Secret', 'job-secret');
    expect(secret.type).toBe('Opaque');
    const token = (secret.data as Record<string, string>).TOKEN;
    expect(token.split('\n').map((l) => l.length)).toEqual([70, 38, 0]);
    expect(Buffer.from(token.replace(/\n/g, ''), 'base64').toString()).toBe('a-token-long-enough-to-be-wrapped-by-kustomize-into-lines-of-seventy-characters');
    expect(find(objects, 'Secret', 'fixed-secret').metadata.name).toBe('fixed-secret');
  });

  it('applies JSON 6902 patches to the targets a label selector picks', () => {
    const spec = deployment.spec as { replicas: number; template: { spec: { volumes?: unknown } } };
    expect(spec.replicas).toBe(3);
    expect(spec.template.spec.volumes).toBeUndefined();
    expect(podSpecOf(deployment).containers[0].env?.map((e) => e.name)).toEqual(['ONE', 'TWO']);
  });

  it('sets images and the namespace only on the objects of the level that asks', () => {
    expect(podSpecOf(deployment).containers[0].image).toBe('registry.example.com/app:1.2.3');
    expect(podSpecOf(job).containers[0].image).toBe('app:old');
    expect(objects.every((o) => o.metadata.namespace === 'fixture')).toBe(true);
  });
});

describe('what the renderer refuses', () => {
  it('a kustomization field it does not implement', () => {
    expect(() => renderKustomization(`${FIXTURES}/unsupported-field`)).toThrow(/commonLabels not supported/);
  });

  it('a strategic-merge patch', () => {
    expect(() => renderKustomization(`${FIXTURES}/strategic-merge-patch`)).toThrow(/only JSON 6902 patches/);
  });

  it('a hashed name generated above a base that references it (kustomize would leave the reference dangling)', () => {
    expect(() => renderKustomization(`${FIXTURES}/hashed-above-base`)).toThrow(/disableNameSuffixHash/);
  });
});

/**
 * The offline renderer (kustomize.ts) against the real thing: where kubectl is installed, `kubectl
 * kustomize` of every overlay must print exactly the objects the renderer produces. CI machines without
 * kubectl run the renderer's own specs (kustomize.spec.ts) and every check on its output; this comparison
 * is what keeps the two in step on a developer's machine (K8-2 in docs/decisions.md). It is reported as
 * skipped, never passed, when kubectl is missing.
 */
import { execFileSync } from 'node:child_process';
import { parseManifest, type K8sObject } from './k8s-objects';
import { overlayNames, renderKustomization } from './kustomize';
import { ROOT } from './workspace';

function kubectlKustomize(dir: string): K8sObject[] | undefined {
  try {
    return parseManifest(dir, execFileSync('kubectl', ['kustomize', dir], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

const key = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
const byKey = (objects: K8sObject[]) => Object.fromEntries(objects.map((o) => [key(o), o]));

const dirs = ['k8s/base', 'k8s/monitoring', ...overlayNames().map((n) => `k8s/overlays/${n}`), 'tools/deploy-check/fixtures/kustomize/overlay'];
const reference = new Map(dirs.map((d) => [d, kubectlKustomize(d)] as const));
const available = [...reference.values()].every((r) => r !== undefined);

(available ? describe : describe.skip)('the offline renderer matches kubectl kustomize', () => {
  it.each(dirs)('%s', (dir) => {
    expect(byKey(renderKustomization(dir))).toEqual(byKey(reference.get(dir)!));
  });
});

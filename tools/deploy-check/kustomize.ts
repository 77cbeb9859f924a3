/**
 * Offline rendering of the k8s/ kustomizations, in TypeScript, so that the checks run on any machine with
 * Node alone (a fresh CI machine has no kubectl, and Debian's kubernetes-client is too old for kustomize
 * v5). It implements exactly the subset of kustomize the repository uses and throws on anything else, so
 * a manifest can never use a feature the checks would silently misread. kustomize-parity.spec.ts compares
 * the result with `kubectl kustomize` wherever kubectl is installed (K8-2 in docs/decisions.md).
 *
 * Supported: resources (files and folders), namespace, images, configMapGenerator / secretGenerator
 * (literals, files; behavior create|merge|replace; options labels, annotations, disableNameSuffixHash),
 * and JSON 6902 patches (add, replace, remove) with a target of kind, name and/or labelSelector.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { KUSTOMIZATION_API, parseManifest, type K8sObject } from './k8s-objects';
import { read, ROOT } from './workspace';

interface GeneratorSpec {
  name: string;
  behavior?: 'create' | 'merge' | 'replace';
  literals?: string[];
  files?: string[];
  type?: string;
  options?: { labels?: Record<string, string>; annotations?: Record<string, string>; disableNameSuffixHash?: boolean };
}

interface PatchSpec {
  target: { kind?: string; name?: string; labelSelector?: string };
  patch: string;
}

interface ImageSpec {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

interface Kustomization {
  apiVersion: string;
  kind: string;
  namespace?: string;
  resources?: string[];
  configMapGenerator?: GeneratorSpec[];
  secretGenerator?: GeneratorSpec[];
  patches?: PatchSpec[];
  images?: ImageSpec[];
}

const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'configMapGenerator', 'secretGenerator', 'patches', 'images']);
const SUPPORTED_GENERATOR_FIELDS = new Set(['name', 'behavior', 'literals', 'files', 'type', 'options']);
const SUPPORTED_OPTIONS = new Set(['labels', 'annotations', 'disableNameSuffixHash']);

/** Kinds without a namespace: kustomize's namespace setting leaves them alone. */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PersistentVolume', 'StorageClass', 'PriorityClass', 'IngressClass']);

/** A generated ConfigMap or Secret, whether its name gets the content hash, and the folder depth that created it. */
interface Generated {
  object: K8sObject;
  hashed: boolean;
  depth: number;
}

interface Built {
  objects: K8sObject[];
  generated: Generated[];
  /** Folder depth each resource was loaded at (0: the rendered folder itself). */
  depthOf: Map<K8sObject, number>;
}

const isDirectory = (rel: string): boolean => {
  try {
    return statSync(join(ROOT, rel)).isDirectory();
  } catch {
    return false;
  }
};

function loadKustomization(dir: string): Kustomization {
  const file = posix.join(dir, 'kustomization.yaml');
  const k = parseManifest(file, read(file))[0] as unknown as Kustomization;
  if (k?.apiVersion !== KUSTOMIZATION_API || k.kind !== 'Kustomization') throw new Error(`${file} is not a ${KUSTOMIZATION_API} Kustomization`);
  const unsupported = Object.keys(k).filter((f) => !SUPPORTED_FIELDS.has(f));
  if (unsupported.length) throw new Error(`${file}: ${unsupported.join(', ')} not supported by the offline renderer (tools/deploy-check/kustomize.ts)`);
  return k;
}

/** `KEY=VALUE` literals and `[key=]path` files of a generator, in order. */
function generatorData(dir: string, g: GeneratorSpec): Record<string, string> {
  const data: Record<string, string> = {};
  for (const literal of g.literals ?? []) {
    const at = literal.indexOf('=');
    if (at <= 0) throw new Error(`${dir}: generator ${g.name}: literal "${literal}" is not KEY=VALUE`);
    const value = literal.slice(at + 1);
    // kustomize strips one pair of surrounding quotes from a literal's value; keep values unquoted instead.
    if (/^(["']).*\1$/s.test(value)) throw new Error(`${dir}: generator ${g.name}: quoted literal value "${value}" not supported by the offline renderer`);
    data[literal.slice(0, at)] = value;
  }
  for (const entry of g.files ?? []) {
    const at = entry.indexOf('=');
    const [key, path] = at > 0 ? [entry.slice(0, at), entry.slice(at + 1)] : [basename(entry), entry];
    data[key] = read(posix.join(dir, path));
  }
  return data;
}

/** Base64 as kustomize writes a generated Secret's values: past 70 characters, lines of 70, each ending in a newline. */
function base64Lines(value: string): string {
  const b64 = Buffer.from(value).toString('base64');
  return b64.length <= 70 ? b64 : (b64.match(/.{1,70}/g) ?? []).map((line) => `${line}\n`).join('');
}

function applyGenerator(dir: string, depth: number, kind: 'ConfigMap' | 'Secret', g: GeneratorSpec, generated: Generated[]): void {
  const unsupported = [...Object.keys(g).filter((f) => !SUPPORTED_GENERATOR_FIELDS.has(f)), ...Object.keys(g.options ?? {}).filter((f) => !SUPPORTED_OPTIONS.has(f))];
  if (unsupported.length) throw new Error(`${dir}: generator ${g.name}: ${unsupported.join(', ')} not supported by the offline renderer`);
  const plain = generatorData(dir, g);
  const data = kind === 'Secret' ? Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, base64Lines(v)])) : plain;
  const behavior = g.behavior ?? 'create';
  const existing = generated.find((x) => x.object.kind === kind && x.object.metadata.name === g.name);
  if (behavior === 'create') {
    if (existing) throw new Error(`${dir}: ${kind} ${g.name} is generated twice (use behavior: merge)`);
    const metadata: K8sObject['metadata'] = { name: g.name };
    if (g.options?.labels) metadata.labels = { ...g.options.labels };
    if (g.options?.annotations) metadata.annotations = { ...g.options.annotations };
    const object: K8sObject = kind === 'Secret' ? { apiVersion: 'v1', kind, metadata, type: g.type ?? 'Opaque', data } : { apiVersion: 'v1', kind, metadata, data };
    generated.push({ object, hashed: !g.options?.disableNameSuffixHash, depth });
    return;
  }
  if (!existing) throw new Error(`${dir}: ${kind} ${g.name} has behavior ${behavior} but no lower level generates it`);
  existing.object.data = behavior === 'merge' ? { ...(existing.object.data as Record<string, string>), ...data } : data;
  if (g.options?.labels) existing.object.metadata.labels = { ...existing.object.metadata.labels, ...g.options.labels };
  if (g.options?.annotations) existing.object.metadata.annotations = { ...existing.object.metadata.annotations, ...g.options.annotations };
  if (g.options?.disableNameSuffixHash !== undefined) existing.hashed = !g.options.disableNameSuffixHash;
}

// --- JSON 6902 patches --------------------------------------------------------------------------------

const unescapePointer = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

function applyOperation(doc: K8sObject, op: { op: string; path: string; value?: unknown }, where: string): void {
  if (!['add', 'replace', 'remove'].includes(op.op)) throw new Error(`${where}: patch op "${op.op}" not supported by the offline renderer`);
  const parts = op.path.split('/').slice(1).map(unescapePointer);
  const last = parts.pop();
  if (last === undefined) throw new Error(`${where}: patch path "${op.path}" names the whole object`);
  let node: unknown = doc;
  for (const p of parts) {
    node = Array.isArray(node) ? node[Number(p)] : (node as Record<string, unknown> | undefined)?.[p];
    if (node === undefined || node === null || typeof node !== 'object') throw new Error(`${where}: patch path "${op.path}" does not exist`);
  }
  const value = structuredClone(op.value);
  if (Array.isArray(node)) {
    const index = last === '-' ? node.length : Number(last);
    if (!Number.isInteger(index) || index < 0 || index > node.length || (op.op !== 'add' && index >= node.length)) throw new Error(`${where}: patch path "${op.path}" is out of range`);
    if (op.op === 'add') node.splice(index, 0, value);
    else if (op.op === 'replace') node[index] = value;
    else node.splice(index, 1);
    return;
  }
  const record = node as Record<string, unknown>;
  if (op.op !== 'add' && !(last in record)) throw new Error(`${where}: patch path "${op.path}" does not exist (${op.op})`);
  if (op.op === 'remove') delete record[last];
  else record[last] = value;
}

function targetMatches(o: K8sObject, target: PatchSpec['target']): boolean {
  if (target.kind && o.kind !== target.kind) return false;
  // kustomize reads the target name as an anchored regular expression.
  if (target.name && !new RegExp(`^(?:${target.name})$`).test(o.metadata.name)) return false;
  for (const term of (target.labelSelector ?? '').split(',').filter(Boolean)) {
    const [key, value] = term.split('=');
    if (o.metadata.labels?.[key.trim()] !== value?.trim()) return false;
  }
  return true;
}

function applyPatch(dir: string, patch: PatchSpec, objects: K8sObject[]): void {
  const docs = parseAllDocuments(patch.patch).map((d) => d.toJS() as unknown);
  if (docs.length !== 1 || !Array.isArray(docs[0])) throw new Error(`${dir}: only JSON 6902 patches (a list of operations) are supported by the offline renderer`);
  const targets = objects.filter((o) => targetMatches(o, patch.target ?? {}));
  if (!targets.length) throw new Error(`${dir}: patch target ${JSON.stringify(patch.target)} matches nothing`);
  for (const o of targets) for (const op of docs[0] as { op: string; path: string; value?: unknown }[]) applyOperation(o, op, `${dir}: ${o.kind}/${o.metadata.name}`);
}

// --- images and references in pod templates ----------------------------------------------------------

interface PodSpecLike {
  containers?: ContainerLike[];
  initContainers?: ContainerLike[];
  volumes?: {
    configMap?: { name?: string };
    secret?: { secretName?: string };
    projected?: { sources?: { configMap?: { name?: string }; secret?: { name?: string } }[] };
  }[];
  imagePullSecrets?: { name?: string }[];
}

interface ContainerLike {
  image?: string;
  envFrom?: { configMapRef?: { name?: string }; secretRef?: { name?: string } }[];
  env?: { valueFrom?: { configMapKeyRef?: { name?: string }; secretKeyRef?: { name?: string } } }[];
}

/** Pod specs inside an object: a Pod's own, a workload's template, a CronJob's job template. */
export function podSpecsIn(o: K8sObject): PodSpecLike[] {
  const spec = o.spec as { template?: { spec?: PodSpecLike }; jobTemplate?: { spec?: { template?: { spec?: PodSpecLike } } } } | undefined;
  if (o.kind === 'Pod') return [o.spec as PodSpecLike];
  return [spec?.template?.spec, spec?.jobTemplate?.spec?.template?.spec].filter((p): p is PodSpecLike => !!p);
}

const containersOf = (pod: PodSpecLike): ContainerLike[] => [...(pod.containers ?? []), ...(pod.initContainers ?? [])];

function applyImages(images: ImageSpec[], objects: K8sObject[]): void {
  for (const o of objects)
    for (const c of podSpecsIn(o).flatMap(containersOf)) {
      if (!c.image) continue;
      const name = c.image.replace(/@.*$/, '').replace(/:[^/:]*$/, '');
      const image = images.find((i) => i.name === name);
      if (!image) continue;
      const tag = image.digest ? `@${image.digest}` : image.newTag ? `:${image.newTag}` : c.image.slice(name.length);
      c.image = `${image.newName ?? name}${tag}`;
    }
}

/**
 * Renames every reference to a ConfigMap or Secret in pod specs (and Ingress TLS Secrets); returns the
 * objects it changed.
 */
function renameReferences(objects: K8sObject[], kind: string, from: string, to: string): Set<K8sObject> {
  const changed = new Set<K8sObject>();
  let current: K8sObject;
  const swap = <T extends Record<string, unknown>>(ref: T | undefined, field: keyof T) => {
    if (ref && ref[field] === from) {
      (ref as Record<keyof T, unknown>)[field] = to;
      changed.add(current);
    }
  };
  for (const o of objects) {
    current = o;
    for (const pod of podSpecsIn(o)) {
      for (const c of containersOf(pod)) {
        for (const e of c.envFrom ?? []) swap(kind === 'ConfigMap' ? e.configMapRef : e.secretRef, 'name');
        for (const e of c.env ?? []) swap(kind === 'ConfigMap' ? e.valueFrom?.configMapKeyRef : e.valueFrom?.secretKeyRef, 'name');
      }
      for (const v of pod.volumes ?? []) {
        if (kind === 'ConfigMap') swap(v.configMap, 'name');
        else swap(v.secret, 'secretName');
        for (const s of v.projected?.sources ?? []) swap(kind === 'ConfigMap' ? s.configMap : s.secret, 'name');
      }
      if (kind === 'Secret') for (const s of pod.imagePullSecrets ?? []) swap(s, 'name');
    }
    if (kind === 'Secret' && o.kind === 'Ingress') for (const t of (o.spec as { tls?: { secretName?: string }[] }).tls ?? []) swap(t, 'secretName');
  }
  return changed;
}

// --- the content hash of generated names (kustomize's api/hasher) ---------------------------------------

/** JSON as Go's encoding/json writes it: map keys sorted, <, >, & and U+2028/9 escaped. */
function goJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((k) => `${goJson(k)}:${goJson(record[k])}`)
    .join(',')}}`;
}

/**
 * The suffix kustomize appends: SHA-256 of {kind, name, data[, type]} as Go JSON, first 10 hex digits with
 * 0, 1, 3, a, e swapped for letters (no vowels, no look-alikes). kustomize v5 looks the name up with
 * yaml.Lookup("metadata/name"), which finds no such field, so the name it hashes is always "".
 */
export function nameHash(object: K8sObject): string {
  const encoded =
    object.kind === 'Secret'
      ? { kind: 'Secret', type: object.type ?? '', name: '', data: object.data ?? {} }
      : { kind: 'ConfigMap', name: '', data: object.data ?? {} };
  const hex = createHash('sha256').update(goJson(encoded)).digest('hex').slice(0, 10);
  return hex.replace(/[013ae]/g, (ch) => ({ '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' })[ch]!);
}

// --- the build ------------------------------------------------------------------------------------------

function build(dir: string, seen: string[]): Built {
  if (seen.includes(dir)) throw new Error(`kustomization cycle: ${[...seen, dir].join(' → ')}`);
  const depth = seen.length;
  const k = loadKustomization(dir);
  const objects: K8sObject[] = [];
  const generated: Generated[] = [];
  const depthOf = new Map<K8sObject, number>();
  for (const resource of k.resources ?? []) {
    const path = posix.normalize(posix.join(dir, resource));
    if (isDirectory(path)) {
      const sub = build(path, [...seen, dir]);
      objects.push(...sub.objects);
      generated.push(...sub.generated);
      for (const [o, d] of sub.depthOf) depthOf.set(o, d);
    } else {
      for (const o of parseManifest(path, read(path))) {
        objects.push(o);
        depthOf.set(o, depth);
      }
    }
  }
  for (const g of k.configMapGenerator ?? []) applyGenerator(dir, depth, 'ConfigMap', g, generated);
  for (const g of k.secretGenerator ?? []) applyGenerator(dir, depth, 'Secret', g, generated);
  const all = [...objects, ...generated.map((g) => g.object)];
  for (const patch of k.patches ?? []) applyPatch(dir, patch, all);
  if (k.namespace) for (const o of all) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  if (k.images) applyImages(k.images, all);
  return { objects, generated, depthOf };
}

/** The objects `kubectl kustomize <dir>` would print, for a repository-relative folder. */
export function renderKustomization(dir: string): K8sObject[] {
  const { objects, generated, depthOf } = build(posix.normalize(dir), []);
  const all = [...objects, ...generated.map((g) => g.object)];
  for (const g of generated.filter((x) => x.hashed)) {
    const hashed = `${g.object.metadata.name}-${nameHash(g.object)}`;
    const changed = renameReferences(all, g.object.kind, g.object.metadata.name, hashed);
    // kustomize leaves references in deeper folders (a base) to a name generated above them unrenamed:
    // refuse instead of rendering what kubectl would not.
    const below = [...changed].filter((o) => (depthOf.get(o) ?? 0) > g.depth);
    if (below.length) {
      throw new Error(
        `${g.object.kind} ${g.object.metadata.name} is generated above ${below.map((o) => `${o.kind}/${o.metadata.name}`).join(', ')}, which kustomize would not rename: set options.disableNameSuffixHash`,
      );
    }
    g.object.metadata.name = hashed;
  }
  return all;
}

/** The overlays under k8s/overlays (each folder with a kustomization.yaml). */
export function overlayNames(): string[] {
  const root = join(ROOT, 'k8s', 'overlays');
  return readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'kustomization.yaml')))
    .sort();
}

/**
 * The rendered overlays (k8s/overlays/*) and what a container of each really starts with: ConfigMaps and
 * Secrets resolved through envFrom and valueFrom, including the Secrets the overlay expects to exist
 * without rendering them (created by the operator, or by CloudNativePG for its Cluster).
 */
import { parseManifest, podSpecOf, type Container, type K8sObject } from './k8s-objects';
import { overlayNames, renderKustomization } from './kustomize';
import { exists, read } from './workspace';

export interface Overlay {
  name: string;
  dir: string;
  objects: K8sObject[];
  /** Secrets by name with their keys' values: rendered ones decoded, external ones from their example. */
  secrets: Map<string, Record<string, string>>;
  /** Names of the Secrets that exist only outside the render (secrets.example.yaml, CloudNativePG). */
  externalSecrets: Set<string>;
}

/** Keys of the Secret `<cluster>-app` that CloudNativePG creates for a Cluster's application user. */
export const CNPG_APP_SECRET_KEYS = ['username', 'password', 'host', 'port', 'dbname', 'uri', 'jdbc-uri', 'pgpass'];

/** A realistic value for each key of an external Secret, so loadConfig sees what production would. */
const EXAMPLE_VALUES: Record<string, string> = {
  ADMIN_TOKEN: 'a'.repeat(64),
  SECRETS_KEY: 'b'.repeat(64),
  uri: 'postgresql://dcp:pw@device-cloud-db-rw.device-cloud:5432/dcp',
};

export const exampleSecretsFile = (overlay: string) => `k8s/overlays/${overlay}/secrets.example.yaml`;

function loadOverlay(name: string): Overlay {
  const dir = `k8s/overlays/${name}`;
  const objects = renderKustomization(dir);
  const secrets = new Map<string, Record<string, string>>();
  const externalSecrets = new Set<string>();
  for (const s of objects.filter((o) => o.kind === 'Secret')) {
    const data = Object.entries((s.data ?? {}) as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]);
    secrets.set(s.metadata.name, { ...Object.fromEntries(data), ...((s.stringData ?? {}) as Record<string, string>) });
  }
  if (exists(exampleSecretsFile(name))) {
    for (const s of parseManifest(exampleSecretsFile(name), read(exampleSecretsFile(name)))) {
      const keys = Object.keys({ ...((s.stringData ?? {}) as object), ...((s.data ?? {}) as object) });
      secrets.set(s.metadata.name, Object.fromEntries(keys.map((k) => [k, EXAMPLE_VALUES[k] ?? `example-${k}`])));
      externalSecrets.add(s.metadata.name);
    }
  }
  for (const cluster of objects.filter((o) => o.kind === 'Cluster' && o.apiVersion.startsWith('postgresql.cnpg.io/'))) {
    const secret = `${cluster.metadata.name}-app`;
    secrets.set(secret, Object.fromEntries(CNPG_APP_SECRET_KEYS.map((k) => [k, EXAMPLE_VALUES[k] ?? `example-${k}`])));
    externalSecrets.add(secret);
  }
  return { name, dir, objects, secrets, externalSecrets };
}

const cache = new Map<string, Overlay>();

export function overlay(name: string): Overlay {
  if (!cache.has(name)) cache.set(name, loadOverlay(name));
  return cache.get(name)!;
}

export const overlays = (): Overlay[] => overlayNames().map(overlay);

export const ofKind = (o: Overlay, kind: string): K8sObject[] => o.objects.filter((x) => x.kind === kind);

export const named = (o: Overlay, kind: string, name: string): K8sObject | undefined => o.objects.find((x) => x.kind === kind && x.metadata.name === name);

/** Deployments and Jobs that run the platform's image (APP or the migrate command), not NATS, PostgreSQL or MinIO. */
export function platformWorkloads(o: Overlay): K8sObject[] {
  return o.objects.filter((x) => (x.kind === 'Deployment' || x.kind === 'Job') && podSpecOf(x).containers.some((c) => /device-cloud(:|@|$)/.test(c.image ?? '')));
}

/** What one environment variable of a container resolves to, and from where (for messages). */
export interface ResolvedVar {
  value: string | undefined;
  from: string;
}

/**
 * The environment a container starts with: envFrom sources in order, then its env entries (which win).
 * A reference to a missing ConfigMap, Secret or key resolves to undefined with `from` saying so.
 */
export function containerEnv(o: Overlay, c: Container): Map<string, ResolvedVar> {
  const env = new Map<string, ResolvedVar>();
  const configMap = (name: string) => named(o, 'ConfigMap', name)?.data as Record<string, string> | undefined;
  for (const from of c.envFrom ?? []) {
    const data = from.configMapRef ? configMap(from.configMapRef.name ?? '') : from.secretRef ? o.secrets.get(from.secretRef.name ?? '') : undefined;
    const source = from.configMapRef ? `ConfigMap ${from.configMapRef.name}` : `Secret ${from.secretRef?.name}`;
    for (const [k, v] of Object.entries(data ?? {})) env.set(`${from.prefix ?? ''}${k}`, { value: v, from: source });
  }
  for (const e of c.env ?? []) {
    const cmRef = e.valueFrom?.configMapKeyRef;
    const secretRef = e.valueFrom?.secretKeyRef;
    if (cmRef) env.set(e.name, { value: configMap(cmRef.name ?? '')?.[cmRef.key], from: `ConfigMap ${cmRef.name} key ${cmRef.key}` });
    else if (secretRef) {
      const value = o.secrets.get(secretRef.name ?? '')?.[secretRef.key];
      // An optional key the Secret does not hold leaves the variable unset, as the kubelet does.
      if (value === undefined && secretRef.optional) continue;
      env.set(e.name, { value, from: `Secret ${secretRef.name} key ${secretRef.key}` });
    }
    else if (e.valueFrom) env.set(e.name, { value: `<${Object.keys(e.valueFrom)[0]}>`, from: 'the pod itself' });
    else env.set(e.name, { value: e.value ?? '', from: 'container env' });
  }
  return env;
}

/** containerEnv as a plain record of the values that resolved (what loadConfig would be given). */
export function envRecord(o: Overlay, c: Container): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of containerEnv(o, c)) if (v.value !== undefined) out[k] = v.value;
  return out;
}

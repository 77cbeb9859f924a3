/**
 * Kubernetes objects of k8s/ (multi-document YAML) and their validation against the OpenAPI schema of
 * their apiVersion/kind with kubernetes-models (k8s-crds.ts for the custom resources).
 */
import { parseAllDocuments } from 'yaml';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as coreV1 from 'kubernetes-models/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { crdCheckFor } from './k8s-crds';
import { listFiles } from './workspace';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** Kustomize's own file: not a Kubernetes API object. */
export const KUSTOMIZATION_API = 'kustomize.config.k8s.io/v1beta1';

type Validatable = new (data: never) => { validate(): void };

const MODELS: Record<string, Record<string, unknown>> = {
  v1: coreV1,
  'apps/v1': appsV1,
  'batch/v1': batchV1,
  'policy/v1': policyV1,
  'autoscaling/v2': autoscalingV2,
  'networking.k8s.io/v1': networkingV1,
};

/** The kubernetes-models class of an apiVersion/kind, or undefined when the pair is unknown. */
export function modelFor(apiVersion: string, kind: string): Validatable | undefined {
  const model = MODELS[apiVersion]?.[kind];
  return typeof model === 'function' ? (model as Validatable) : undefined;
}

/**
 * kustomize writes long generated Secret values as base64 in lines of 70; the API server's decoder skips
 * the line breaks, the schema's "byte" format does not.
 */
function withoutBase64LineBreaks(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret' || !object.data) return object;
  const data = Object.fromEntries(Object.entries(object.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\n/g, '')]));
  return { ...object, data };
}

/**
 * Throws (with the schema's message) when the object does not match its apiVersion/kind: the OpenAPI
 * schema for built-in kinds, the checks of k8s-crds.ts for the custom resources the overlays use.
 */
export function validateObject(object: K8sObject): void {
  const crdCheck = crdCheckFor(object.apiVersion, object.kind);
  if (crdCheck) {
    if (typeof object.metadata?.name !== 'string' || !object.metadata.name) throw new Error(`${object.kind} has no metadata.name`);
    const errors = crdCheck(object);
    if (errors.length) throw new Error(`${object.kind}/${object.metadata.name}: ${errors.join('; ')}`);
    return;
  }
  const Model = modelFor(object.apiVersion, object.kind);
  if (!Model) throw new Error(`no schema known for ${object.apiVersion} ${object.kind}`);
  new Model(withoutBase64LineBreaks(object) as never).validate();
}

export function parseManifest(file: string, text: string): K8sObject[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) return [];
    if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`${file}: a document is not a mapping`);
    return [value as K8sObject];
  });
}

export const manifestFiles = (dir = 'k8s'): string[] => listFiles(dir).filter((f) => /\.ya?ml$/.test(f));

export const podSpecOf = (o: K8sObject): IPodSpec => {
  const spec = o.spec as { template?: { spec?: IPodSpec }; jobTemplate?: unknown } | undefined;
  if (!spec?.template?.spec) throw new Error(`${o.kind}/${o.metadata.name} has no pod template`);
  return spec.template.spec;
};

export const podLabelsOf = (o: K8sObject): Record<string, string> =>
  (o.spec as { template?: { metadata?: { labels?: Record<string, string> } } }).template?.metadata?.labels ?? {};

export const podAnnotationsOf = (o: K8sObject): Record<string, string> =>
  (o.spec as { template?: { metadata?: { annotations?: Record<string, string> } } }).template?.metadata?.annotations ?? {};

export const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>): boolean =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

export type Container = IContainer;

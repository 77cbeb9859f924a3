/**
 * Checks of the custom resources the overlays use, which kubernetes-models has no schema for
 * (ServiceMonitor and PrometheusRule of the Prometheus operator, CloudNativePG's Cluster): the fields
 * their operators require and the ones this repository relies on, with their types. Built-in objects
 * nested in them (label selectors, resource requirements) are validated with kubernetes-models' own classes.
 */
import { LabelSelector } from '@kubernetes-models/apimachinery/apis/meta/v1/LabelSelector';
import { ResourceRequirements } from 'kubernetes-models/v1';
import type { K8sObject } from './k8s-objects';

type Check = (o: K8sObject) => string[];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const DURATION = /^(\d+(ms|s|m|h|d|w|y))+$/;

function nested(label: string, build: () => void): string[] {
  try {
    build();
    return [];
  } catch (err) {
    return [`${label}: ${(err as Error).message}`];
  }
}

const serviceMonitor: Check = (o) => {
  const spec = o.spec;
  if (!isRecord(spec)) return ['spec is required'];
  const errors = nested('spec.selector', () => new LabelSelector(spec.selector as never).validate());
  if (!isRecord(spec.selector)) errors.push('spec.selector is required');
  const endpoints = spec.endpoints;
  if (!Array.isArray(endpoints) || endpoints.length === 0) return [...errors, 'spec.endpoints needs at least one endpoint'];
  endpoints.forEach((e: unknown, i) => {
    if (!isRecord(e)) return errors.push(`spec.endpoints[${i}] is not an object`);
    if (typeof e.port !== 'string' && e.targetPort === undefined) errors.push(`spec.endpoints[${i}] names no port`);
    if (e.path !== undefined && (typeof e.path !== 'string' || !e.path.startsWith('/'))) errors.push(`spec.endpoints[${i}].path must be an absolute path`);
    for (const f of ['interval', 'scrapeTimeout']) if (e[f] !== undefined && !DURATION.test(String(e[f]))) errors.push(`spec.endpoints[${i}].${f} is not a duration`);
  });
  return errors;
};

const prometheusRule: Check = (o) => {
  const groups = isRecord(o.spec) ? o.spec.groups : undefined;
  if (!Array.isArray(groups) || groups.length === 0) return ['spec.groups needs at least one group'];
  const errors: string[] = [];
  const names = new Set<string>();
  groups.forEach((g: unknown, i) => {
    if (!isRecord(g) || typeof g.name !== 'string' || !g.name) return errors.push(`spec.groups[${i}].name is required`);
    if (names.has(g.name)) errors.push(`spec.groups[${i}].name "${g.name}" is not unique`);
    names.add(g.name);
    if (!Array.isArray(g.rules) || g.rules.length === 0) return errors.push(`group ${g.name} has no rules`);
    g.rules.forEach((r: unknown, j) => {
      const at = `group ${g.name} rule ${j}`;
      if (!isRecord(r)) return errors.push(`${at} is not an object`);
      if (typeof r.alert === 'string' === (typeof r.record === 'string')) errors.push(`${at} needs exactly one of alert and record`);
      if (typeof r.expr !== 'string' || !r.expr.trim()) errors.push(`${at} has no expr`);
      if (r.for !== undefined && !DURATION.test(String(r.for))) errors.push(`${at}: for is not a duration`);
      for (const f of ['labels', 'annotations'])
        if (r[f] !== undefined && (!isRecord(r[f]) || Object.values(r[f] as object).some((v) => typeof v !== 'string'))) errors.push(`${at}: ${f} must map strings to strings`);
    });
  });
  return errors;
};

const cnpgCluster: Check = (o) => {
  const spec = o.spec;
  if (!isRecord(spec)) return ['spec is required'];
  const errors: string[] = [];
  if (!Number.isInteger(spec.instances) || (spec.instances as number) < 1) errors.push('spec.instances must be an integer ≥ 1');
  if (!isRecord(spec.storage) || typeof spec.storage.size !== 'string') errors.push('spec.storage.size is required (a quantity)');
  if (spec.imageName !== undefined && !/:[\w.-]+$/.test(String(spec.imageName))) errors.push('spec.imageName must carry a tag');
  const initdb = isRecord(spec.bootstrap) ? spec.bootstrap.initdb : undefined;
  if (initdb !== undefined && (!isRecord(initdb) || typeof initdb.database !== 'string' || typeof initdb.owner !== 'string')) errors.push('spec.bootstrap.initdb needs database and owner');
  const params = isRecord(spec.postgresql) ? spec.postgresql.parameters : undefined;
  if (params !== undefined && (!isRecord(params) || Object.values(params).some((v) => typeof v !== 'string'))) errors.push('spec.postgresql.parameters must map strings to strings');
  if (spec.resources !== undefined) errors.push(...nested('spec.resources', () => new ResourceRequirements(spec.resources as never).validate()));
  return errors;
};

const CHECKS: Record<string, Check> = {
  'monitoring.coreos.com/v1 ServiceMonitor': serviceMonitor,
  'monitoring.coreos.com/v1 PrometheusRule': prometheusRule,
  'postgresql.cnpg.io/v1 Cluster': cnpgCluster,
};

/** The check of a custom resource's apiVersion/kind, or undefined when the pair is not one of ours. */
export const crdCheckFor = (apiVersion: string, kind: string): Check | undefined => CHECKS[`${apiVersion} ${kind}`];

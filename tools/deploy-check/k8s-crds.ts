/**
 * Checks of the custom resources the overlays use, which kubernetes-models has no schema for
 * (ServiceMonitor and PrometheusRule of the Prometheus operator, CloudNativePG's Cluster and ScheduledBackup): the fields
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
  const recovery = isRecord(spec.bootstrap) ? spec.bootstrap.recovery : undefined;
  if (recovery !== undefined) {
    if (!isRecord(recovery) || typeof recovery.source !== 'string') errors.push('spec.bootstrap.recovery needs a source (an externalClusters name)');
    else if (!Array.isArray(spec.externalClusters) || !spec.externalClusters.some((c: unknown) => isRecord(c) && c.name === recovery.source)) errors.push(`spec.bootstrap.recovery.source "${recovery.source}" names no externalClusters entry`);
    if (isRecord(spec.bootstrap) && spec.bootstrap.initdb !== undefined) errors.push('spec.bootstrap: initdb and recovery exclude each other');
  }
  if (spec.externalClusters !== undefined) {
    if (!Array.isArray(spec.externalClusters)) errors.push('spec.externalClusters must be a list');
    else
      spec.externalClusters.forEach((c: unknown, i) => {
        if (!isRecord(c) || typeof c.name !== 'string') return errors.push(`spec.externalClusters[${i}].name is required`);
        if (c.barmanObjectStore !== undefined) errors.push(...barmanObjectStore(`spec.externalClusters[${i}].barmanObjectStore`, c.barmanObjectStore));
      });
  }
  if (spec.backup !== undefined) {
    if (!isRecord(spec.backup)) errors.push('spec.backup must be an object');
    else {
      const b = spec.backup;
      if (b.retentionPolicy !== undefined && !/^[1-9][0-9]*[dwm]$/.test(String(b.retentionPolicy))) errors.push('spec.backup.retentionPolicy must look like 30d, 4w or 6m');
      if (b.barmanObjectStore !== undefined) errors.push(...barmanObjectStore('spec.backup.barmanObjectStore', b.barmanObjectStore));
    }
  }
  return errors;
};

const SECRET_KEY_SELECTOR = (v: unknown) => isRecord(v) && typeof v.name === 'string' && typeof v.key === 'string';
const COMPRESSIONS = ['gzip', 'bzip2', 'snappy', 'lz4', 'xz', 'zstd'];

/** CloudNativePG's BarmanObjectStoreConfiguration (backup.barmanObjectStore, externalClusters[].barmanObjectStore). */
function barmanObjectStore(at: string, v: unknown): string[] {
  if (!isRecord(v)) return [`${at} must be an object`];
  const errors: string[] = [];
  if (typeof v.destinationPath !== 'string' || !/^(s3|gs|https?):\/\//.test(v.destinationPath)) errors.push(`${at}.destinationPath is required (an s3://, gs:// or https:// URL)`);
  if (v.endpointURL !== undefined && (typeof v.endpointURL !== 'string' || !/^https?:\/\//.test(v.endpointURL))) errors.push(`${at}.endpointURL must be an http(s) URL`);
  if (v.serverName !== undefined && typeof v.serverName !== 'string') errors.push(`${at}.serverName must be a string`);
  if (v.s3Credentials !== undefined) {
    const c = v.s3Credentials;
    if (!isRecord(c) || !(c.inheritFromIAMRole === true || (SECRET_KEY_SELECTOR(c.accessKeyId) && SECRET_KEY_SELECTOR(c.secretAccessKey))))
      errors.push(`${at}.s3Credentials needs accessKeyId and secretAccessKey (Secret name and key) or inheritFromIAMRole`);
  }
  for (const part of ['wal', 'data']) {
    const p = v[part];
    if (p === undefined) continue;
    if (!isRecord(p)) errors.push(`${at}.${part} must be an object`);
    else if (p.compression !== undefined && !COMPRESSIONS.includes(String(p.compression))) errors.push(`${at}.${part}.compression must be one of ${COMPRESSIONS.join(', ')}`);
  }
  return errors;
}

/** CloudNativePG's ScheduledBackup: a six-field cron schedule (seconds first) of a named cluster. */
const cnpgScheduledBackup: Check = (o) => {
  const spec = o.spec;
  if (!isRecord(spec)) return ['spec is required'];
  const errors: string[] = [];
  if (typeof spec.schedule !== 'string' || spec.schedule.trim().split(/\s+/).length !== 6) errors.push('spec.schedule must be a cron expression of six fields (seconds first)');
  if (!isRecord(spec.cluster) || typeof spec.cluster.name !== 'string') errors.push('spec.cluster.name is required');
  if (spec.backupOwnerReference !== undefined && !['none', 'self', 'cluster'].includes(String(spec.backupOwnerReference))) errors.push('spec.backupOwnerReference must be none, self or cluster');
  if (spec.method !== undefined && !['barmanObjectStore', 'volumeSnapshot', 'plugin'].includes(String(spec.method))) errors.push('spec.method must be barmanObjectStore, volumeSnapshot or plugin');
  if (spec.immediate !== undefined && typeof spec.immediate !== 'boolean') errors.push('spec.immediate must be a boolean');
  return errors;
};

/** cert-manager's Issuer: exactly one kind of issuer (selfSigned, ca with its Secret, acme, vault, venafi). */
const certManagerIssuer: Check = (o) => {
  const spec = o.spec;
  if (!isRecord(spec)) return ['spec is required'];
  const kinds = ['selfSigned', 'ca', 'acme', 'vault', 'venafi'].filter((k) => spec[k] !== undefined);
  if (kinds.length !== 1) return ['spec needs exactly one of selfSigned, ca, acme, vault, venafi'];
  if (kinds[0] === 'ca' && (!isRecord(spec.ca) || typeof spec.ca.secretName !== 'string')) return ['spec.ca.secretName is required'];
  return [];
};

/** cert-manager's Certificate: the Secret it fills, its issuer, names or a common name, durations. */
const certManagerCertificate: Check = (o) => {
  const spec = o.spec;
  if (!isRecord(spec)) return ['spec is required'];
  const errors: string[] = [];
  if (typeof spec.secretName !== 'string') errors.push('spec.secretName is required');
  if (!isRecord(spec.issuerRef) || typeof spec.issuerRef.name !== 'string') errors.push('spec.issuerRef.name is required');
  else if (spec.issuerRef.kind !== undefined && !['Issuer', 'ClusterIssuer'].includes(String(spec.issuerRef.kind))) errors.push('spec.issuerRef.kind must be Issuer or ClusterIssuer');
  if (spec.commonName === undefined && !(Array.isArray(spec.dnsNames) && spec.dnsNames.length > 0)) errors.push('spec needs dnsNames or a commonName');
  for (const f of ['duration', 'renewBefore']) if (spec[f] !== undefined && !/^(\d+(\.\d+)?(h|m|s))+$/.test(String(spec[f]))) errors.push(`spec.${f} is not a Go duration`);
  return errors;
};

const CHECKS: Record<string, Check> = {
  'cert-manager.io/v1 Issuer': certManagerIssuer,
  'cert-manager.io/v1 Certificate': certManagerCertificate,
  'monitoring.coreos.com/v1 ServiceMonitor': serviceMonitor,
  'monitoring.coreos.com/v1 PrometheusRule': prometheusRule,
  'postgresql.cnpg.io/v1 Cluster': cnpgCluster,
  'postgresql.cnpg.io/v1 ScheduledBackup': cnpgScheduledBackup,
};

/** The check of a custom resource's apiVersion/kind, or undefined when the pair is not one of ours. */
export const crdCheckFor = (apiVersion: string, kind: string): Check | undefined => CHECKS[`${apiVersion} ${kind}`];

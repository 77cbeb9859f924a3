/**
 * What the classes of a service declare with the entry-point decorators, read from their prototypes: the host
 * reads it from the instances Nest built, and specs from a module's provider list without booting anything
 * (`entryPointsOfModule`).
 */
import 'reflect-metadata';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GATEWAY_OPERATIONS, type OperationKey } from '@dcp/contracts';
import { MetadataScanner } from '@nestjs/core';
import {
  EVENT_REACTION,
  HOSTED_PART,
  type HostedPartStage,
  PERIODIC_JOB,
  type PeriodicJobOptions,
  READINESS_CHECK,
  type RpcEntry,
  SERVES_OPERATION,
  SERVES_RPC,
} from './entry-point.decorators';

/** A class whose declarations are read (any constructor: its parameters are Nest's business). */
export type DeclaringClass = abstract new (...args: never[]) => unknown;

export interface DeclaredMethod<T> {
  /** The class that declares it (its name is what errors and logs cite). */
  owner: DeclaringClass;
  method: string;
  declared: T;
}

export interface DeclaredEntryPoints {
  operations: DeclaredMethod<OperationKey>[];
  rpc: DeclaredMethod<RpcEntry>[];
  periodic: DeclaredMethod<PeriodicJobOptions>[];
  readiness: DeclaredMethod<string>[];
  reactions: DeclaringClass[];
  parts: { owner: DeclaringClass; stage: HostedPartStage }[];
}

const scanner = new MetadataScanner();

export function emptyEntryPoints(): DeclaredEntryPoints {
  return { operations: [], rpc: [], periodic: [], readiness: [], reactions: [], parts: [] };
}

/** Adds what `type` declares to `into`. */
export function collectEntryPoints(type: DeclaringClass, into: DeclaredEntryPoints): DeclaredEntryPoints {
  if (Reflect.getMetadata(EVENT_REACTION, type)) into.reactions.push(type);
  const stage = Reflect.getMetadata(HOSTED_PART, type) as HostedPartStage | undefined;
  if (stage) into.parts.push({ owner: type, stage });
  const prototype = type.prototype as Record<string, unknown> | undefined;
  if (!prototype) return into;
  for (const method of scanner.getAllMethodNames(prototype)) {
    const fn = prototype[method];
    if (typeof fn !== 'function') continue;
    const read = <T>(key: symbol) => Reflect.getMetadata(key, fn) as T | undefined;
    const operation = read<OperationKey>(SERVES_OPERATION);
    if (operation) into.operations.push({ owner: type, method, declared: operation });
    const rpc = read<RpcEntry>(SERVES_RPC);
    if (rpc) into.rpc.push({ owner: type, method, declared: rpc });
    const periodic = read<PeriodicJobOptions>(PERIODIC_JOB);
    if (periodic) into.periodic.push({ owner: type, method, declared: periodic });
    const readiness = read<string>(READINESS_CHECK);
    if (readiness) into.readiness.push({ owner: type, method, declared: readiness });
  }
  return into;
}

/** What the classes listed in a module's `providers` declare (value and factory providers declare nothing). */
export function entryPointsOfModule(module: DeclaringClass): DeclaredEntryPoints {
  const providers = (Reflect.getMetadata('providers', module) as unknown[] | undefined) ?? [];
  const found = emptyEntryPoints();
  for (const provider of providers) {
    const type = (typeof provider === 'function' ? provider : (provider as { useClass?: DeclaringClass }).useClass) as DeclaringClass | undefined;
    if (type) collectEntryPoints(type, found);
  }
  return found;
}

/**
 * Why the declared entry points cannot make up `service`'s: a catalogue operation it owns but nobody serves,
 * one it does not own, anything served twice. Empty when they can.
 */
export function entryPointProblems(service: string, found: DeclaredEntryPoints): string[] {
  const problems: string[] = [];
  const where = (d: DeclaredMethod<unknown>) => `${d.owner.name}.${d.method}`;
  const served = new Map<string, string>();
  for (const d of found.operations) {
    const op = GATEWAY_OPERATIONS[d.declared];
    if (op.owner !== service) problems.push(`${where(d)} serves ${op.service}, which ${op.owner}-service owns`);
    const before = served.get(op.service);
    if (before) problems.push(`${op.service} is served twice (${before}, ${where(d)})`);
    served.set(op.service, where(d));
  }
  for (const op of Object.values(GATEWAY_OPERATIONS)) {
    if (op.owner === service && !served.has(op.service)) problems.push(`${service}-service does not serve ${op.service}`);
  }
  const subjects = new Map<string, string>();
  for (const d of found.rpc) {
    const before = subjects.get(d.declared.contract.subject);
    if (before) problems.push(`${d.declared.contract.subject} is served twice (${before}, ${where(d)})`);
    subjects.set(d.declared.contract.subject, where(d));
  }
  return problems;
}

const DECORATED = /@(ServesOperation|ServesRpc|EventReactionEntry|Periodic|ReadinessCheck|HostedPart)\(/;

/**
 * Classes under `sourceDir` that declare an entry point but are not providers of `module` — served by nobody,
 * because nobody listed them (a use case or reaction missing from its barrel). For specs: reads the source
 * files (not specs, not generated code) that use an entry-point decorator and loads them.
 */
export function unlistedEntryPoints(module: DeclaringClass, sourceDir: string): string[] {
  const providers = new Set((Reflect.getMetadata('providers', module) as unknown[] | undefined) ?? []);
  const unlisted: string[] = [];
  for (const file of sourceFiles(sourceDir)) {
    if (!DECORATED.test(readFileSync(file, 'utf8'))) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads the file the way the module does
    const exported = require(file) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (typeof value !== 'function' || providers.has(value)) continue;
      if (hasDeclarations(collectEntryPoints(value as DeclaringClass, emptyEntryPoints()))) unlisted.push(`${relative(sourceDir, file)}: ${name}`);
    }
  }
  return unlisted;
}

/** Whether a class declares anything at all. */
export function hasDeclarations(d: DeclaredEntryPoints): boolean {
  return Object.values(d).some((list: unknown[]) => list.length > 0);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

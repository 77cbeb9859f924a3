/**
 * Entry points are declared on the class that serves them; the service's ServiceHost finds them at start-up
 * (service-host.ts) and serves them in one order. A decorated method's signature is checked against what it
 * declares: a use case whose `execute` does not take the operation's call, or answers the wrong contract
 * shape, does not compile.
 *
 * - `@ServesOperation('addOemDevice')`  a gateway operation of the catalogue (`dcp.gateway.<service>`)
 * - `@ServesRpc(DEVICE_RPC.findUserDevice, 'find_user_device')`  an RPC contract (internal query, admin)
 * - `@EventReactionEntry()`  a reaction of the service's durable consumer (class: `event` + `react`, or a
 *   statement reaction)
 * - `@Periodic({ name, everyMs })`  a job run at start and then every `everyMs`, one run at a time
 * - `@ReadinessCheck('objects:storage')`  a check /health/ready runs
 * - `@HostedPart({ stage })`  something with `start()` and `stop()` the host starts in its stage and stops in
 *   reverse order
 */
import 'reflect-metadata';
import type { CallOf, GatewayResult, OperationKey, RpcContract } from '@dcp/contracts';
import type { z } from 'zod';
import type { AnyEventReaction } from '../events/service-events';
import type { AnyStatementReaction } from '../events/statement-reaction';

export const SERVES_OPERATION = Symbol.for('dcp.entry.serves-operation');
export const SERVES_RPC = Symbol.for('dcp.entry.serves-rpc');
export const EVENT_REACTION = Symbol.for('dcp.entry.event-reaction');
export const PERIODIC_JOB = Symbol.for('dcp.entry.periodic-job');
export const READINESS_CHECK = Symbol.for('dcp.entry.readiness-check');
export const HOSTED_PART = Symbol.for('dcp.entry.hosted-part');

export interface RpcEntry {
  contract: RpcContract<z.ZodTypeAny, z.ZodTypeAny>;
  /** The `operation` label of `dcp_service_operations_total` (stable: dashboards and alerts name it). */
  operation: string;
}

export interface PeriodicJobOptions {
  /** What the logs call it ("expired data purge"). */
  name: string;
  everyMs: number;
}

/**
 * When a hosted part starts: `first` before anything else of the service (a guard that may refuse the start,
 * facts every call needs), `last` after the entry points and the consumer (background work).
 */
export type HostedPartStage = 'first' | 'last';

export interface HostedPartLifecycle {
  /** Absent when there is nothing to do at start (a part that only needs its place in the stop order). */
  start?(): Promise<void> | void;
  stop(): Promise<void> | void;
}

/** A method decorator accepting any method assignable to `F` (a descriptor's type is invariant, so it is generic). */
type Method<F> = <M extends F>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => void;

function onMethod<F>(key: symbol, value: unknown): Method<F> {
  return <M extends F>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => {
    if (typeof descriptor.value !== 'function') throw new Error('entry-point decorators go on methods');
    Reflect.defineMetadata(key, value, descriptor.value);
  };
}

/** Serves the gateway operation `key` of the catalogue; its owner's host refuses to start without one. */
export function ServesOperation<K extends OperationKey>(key: K): Method<(call: CallOf<K>) => Promise<GatewayResult>> {
  return onMethod(SERVES_OPERATION, key);
}

/** Serves an RPC contract, counted under `operation` in `dcp_service_operations_total`. */
export function ServesRpc<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(
  contract: RpcContract<Req, Res>,
  operation: string,
): Method<(req: z.output<Req>) => Promise<z.input<Res>>> {
  return onMethod(SERVES_RPC, { contract, operation } satisfies RpcEntry);
}

/** Runs at start and then every `everyMs` (unref'd), one run at a time; a failure is logged and the next run tries again. */
export function Periodic(options: PeriodicJobOptions): Method<() => Promise<unknown>> {
  return onMethod(PERIODIC_JOB, options);
}

/** A readiness check of the process (/health/ready), under `name`; it throws when not ready. */
export function ReadinessCheck(name: string): Method<() => Promise<unknown>> {
  return onMethod(READINESS_CHECK, name);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a class decorator constrains the constructor, whatever its parameters
type Constructor<T> = abstract new (...args: any[]) => T;

/** A reaction of the service's durable consumer to its `event` (the consumer subscribes to what its reactions name). */
export function EventReactionEntry(): <T extends Constructor<AnyEventReaction<never> | AnyStatementReaction>>(target: T) => void {
  return (target) => Reflect.defineMetadata(EVENT_REACTION, true, target);
}

/** Started by the service's host in `stage`, stopped in reverse order before the consumer and the database. */
export function HostedPart(options: { stage: HostedPartStage }): <T extends Constructor<HostedPartLifecycle>>(target: T) => void {
  return (target) => Reflect.defineMetadata(HOSTED_PART, options.stage, target);
}

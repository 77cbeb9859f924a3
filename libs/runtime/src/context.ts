/**
 * What every service module receives from the process that hosts it (its own app, or apps/platform).
 * Services depend on these ports only, never on which adapter (NATS/JetStream or in-process,
 * PostgreSQL or PGlite) is behind them.
 */
import type { DatabaseConfig } from '@dcp/database';
import type { EventBus, RpcClient, RpcServer } from '@dcp/messaging';
import type { PlatformConfig } from './config';
import type { HealthRegistry } from './health-registry';
import type { MetricsRegistry } from './metrics-registry';

/** Time as the services see it: injectable so that expiry can be tested without waiting. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Nest DI token of the host's clock (RuntimeContext.clock): `@Inject(RUNTIME_CLOCK) clock: Clock`. */
export const RUNTIME_CLOCK = Symbol.for('dcp.runtime-clock');

export interface RuntimeContext {
  readonly config: PlatformConfig;
  readonly clock: Clock;
  readonly rpcServer: RpcServer;
  readonly rpcClient: RpcClient;
  readonly events: EventBus;
  /** Database settings for one service (its PostgreSQL schema, or its schema in the process's one PGlite instance). */
  database(service: string): DatabaseConfig;
  /** Readiness checks of this process (terminus runs them on /health/ready). */
  readonly health: HealthRegistry;
  /** Prometheus metrics of this process (/metrics). */
  readonly metrics: MetricsRegistry;
}

/** Nest DI token under which a service module finds its RuntimeContext. */
export const RUNTIME_CONTEXT = Symbol.for('dcp.runtime-context');

export { HealthRegistry } from './health-registry';
export { MetricsRegistry } from './metrics-registry';

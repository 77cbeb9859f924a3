/**
 * The one place that starts and stops a service inside its process (standalone or apps/platform): it finds
 * the entry points its module's classes declare (entry-point.decorators.ts) with Nest's DiscoveryService and
 * MetadataScanner, and serves them in one order:
 *
 *   start: `first` hosted parts → readiness checks (database, declared) → outbox relay → gateway operations
 *          and RPC contracts, and the operators' status contract (health/service-status.ts) → dead-letter admin and the durable consumer (its reactions) → `last` hosted
 *          parts and periodic jobs
 *   stop:  periodic jobs and `last` parts → consumer and relay → `first` parts → database
 *
 * It refuses to start when the catalogue operations the service owns are not each served exactly once.
 * Requests reach the handlers only once the host process opens the intake (docs/decisions.md SDF1).
 */
import { type FactoryProvider, Logger, type OnModuleDestroy, type OnModuleInit, type Provider } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { EVENTS, EVENT_CONSUMERS, type EventConsumerService, STATUS_SERVICES, type ServiceName, type StatusService, isOutboxService, serviceStatusContract } from '@dcp/contracts';
import type { PrismaClientConstructor, PrismaClientLike } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from '../host/context';
import { SERVICE_EVENTS, type AnyEventReaction, type ServiceEvents, serviceEventsProvider } from '../events/service-events';
import { serviceDatabaseProvider, serviceDatabaseToken } from '../database/service-database';
import { ServiceOperations } from './service-operations';
import type { AnyStatementReaction } from '../events/statement-reaction';
import { type DeclaredEntryPoints, type DeclaringClass, collectEntryPoints, emptyEntryPoints, entryPointProblems, hasDeclarations } from './declared-entry-points';
import type { HostedPartLifecycle } from './entry-point.decorators';
import { PeriodicJob } from './periodic-job';
import { type ServiceCountSpec, countRows, serviceStatus } from '../health/service-status';

/** What the host needs of the service's database: readiness and the last close. */
interface HostedDatabase {
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL for the status contract's counts. */
  client?: Pick<PrismaClientLike, '$queryRawUnsafe'>;
}

type Reaction = AnyEventReaction<never> | AnyStatementReaction;

/** The declarations of one class, with the instance Nest built for it. */
interface Discovered {
  instance: Record<string, unknown>;
  declared: DeclaredEntryPoints;
}

export function serviceHostToken(service: ServiceName): symbol {
  return Symbol.for(`dcp.${service}.host`);
}

export class ServiceHost implements OnModuleInit, OnModuleDestroy {
  private readonly logger: Logger;
  private readonly jobs: PeriodicJob[] = [];
  private readonly started: { stage: 'first' | 'last'; part: HostedPartLifecycle; name: string }[] = [];

  constructor(
    private readonly service: ServiceName,
    private readonly discovery: DiscoveryService,
    private readonly ctx: RuntimeContext,
    private readonly db: HostedDatabase,
    private readonly events: ServiceEvents<never> | undefined,
    private readonly counts: readonly ServiceCountSpec[] = [],
  ) {
    this.logger = new Logger(`${service}-service`);
  }

  async onModuleInit(): Promise<void> {
    const classes = this.discover();
    const all = classes.reduce((into, c) => mergeInto(into, c.declared), emptyEntryPoints());
    const problems = entryPointProblems(this.service, all);
    if (problems.length > 0) throw new Error(`${this.service}-service cannot start: ${problems.join('; ')}`);

    await this.startParts(classes, 'first');
    this.ctx.health.register(`database:${this.service}`, () => this.db.ping());
    for (const c of classes) for (const d of c.declared.readiness) this.ctx.health.register(d.declared, () => this.call(c, d.method));
    if (this.events && isOutboxService(this.service)) this.events.startOutbox();

    const ops = new ServiceOperations(this.ctx, this.service);
    for (const c of classes) {
      for (const d of c.declared.operations) ops.operation(d.declared, (call) => this.call(c, d.method, call));
      for (const d of c.declared.rpc) ops.contract(d.declared.contract, d.declared.operation, (req) => this.call(c, d.method, req));
    }

    // Readiness, version and counts for the operators' overview (dcp.rpc.<service>.admin.status).
    if ((STATUS_SERVICES as readonly string[]).includes(this.service)) {
      const client = this.db.client;
      this.ctx.rpcServer.handleContract(serviceStatusContract(this.service as StatusService), () =>
        serviceStatus(this.ctx.health.entries(), () => (client ? this.counts.map((spec) => countRows(client, this.service, spec)) : [])),
      );
    }

    const reactions = classes.filter((c) => c.declared.reactions.length > 0).map((c) => c.instance as unknown as Reaction);
    if (reactions.length > 0) await this.consume(reactions);

    await this.startParts(classes, 'last');
    for (const c of classes) {
      for (const d of c.declared.periodic) {
        const job = new PeriodicJob(d.declared, () => this.call(c, d.method), this.logger);
        this.jobs.push(job);
        job.start();
      }
    }
    const consuming = reactions.length > 0 ? `, consuming ${reactions.map((r) => EVENTS[r.event].subject).join(', ')}` : '';
    this.logger.log(`${this.service}-service initialised (${this.ctx.config.mode}): ${all.operations.length} gateway operation(s), ${all.rpc.length} RPC contract(s)${consuming}`);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.jobs.map((job) => job.stop()));
    await this.stopParts('last');
    await this.events?.stop();
    await this.stopParts('first');
    await this.db.close();
  }

  private async consume(reactions: Reaction[]): Promise<void> {
    if (!this.events) throw new Error(`${this.service}-service declares event reactions but has no ServiceEvents (serviceRuntime events: true)`);
    if (!(EVENT_CONSUMERS as readonly string[]).includes(this.service)) {
      throw new Error(`${this.service}-service consumes events but is not in EVENT_CONSUMERS (libs/contracts/src/dead-letters.ts): its dead letters would have no admin route`);
    }
    this.events.registerDeadLetterAdmin(this.service as EventConsumerService);
    await this.events.react(...reactions);
  }

  /** This module's providers (not the global ones, not other services' in apps/platform), with their declarations. */
  private discover(): Discovered[] {
    const wrappers = this.discovery.getProviders();
    const own = wrappers.find((w) => w.instance === this)?.host;
    if (!own) throw new Error(`${this.service}-service host is not a provider of its module`);
    const found: Discovered[] = [];
    const seen = new Set<unknown>();
    for (const wrapper of wrappers) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (wrapper.host !== own || !instance || typeof instance !== 'object' || instance === this || seen.has(instance)) continue;
      seen.add(instance);
      const declared = collectEntryPoints(instance.constructor as DeclaringClass, emptyEntryPoints());
      if (hasDeclarations(declared)) found.push({ instance, declared });
    }
    return found;
  }

  private async startParts(classes: Discovered[], stage: 'first' | 'last'): Promise<void> {
    for (const c of classes) {
      for (const p of c.declared.parts.filter((p) => p.stage === stage)) {
        const part = c.instance as unknown as HostedPartLifecycle;
        await part.start?.();
        this.started.push({ stage, part, name: p.owner.name });
      }
    }
  }

  private async stopParts(stage: 'first' | 'last'): Promise<void> {
    for (const s of [...this.started].reverse().filter((s) => s.stage === stage)) {
      try {
        await s.part.stop();
      } catch (err) {
        this.logger.error(`${s.name} did not stop cleanly: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private call<R>(c: Discovered, method: string, ...args: unknown[]): Promise<R> {
    return (c.instance[method] as (...a: unknown[]) => Promise<R>).apply(c.instance, args);
  }
}

function mergeInto(into: DeclaredEntryPoints, from: DeclaredEntryPoints): DeclaredEntryPoints {
  for (const key of Object.keys(into) as (keyof DeclaredEntryPoints)[]) (into[key] as unknown[]).push(...from[key]);
  return into;
}

export interface ServiceRuntimeOptions<T extends PrismaClientLike> {
  /** The service's generated Prisma client (its schema). */
  database: PrismaClientConstructor<T>;
  /** Whether the service has an outbox or a durable consumer (ServiceEvents under SERVICE_EVENTS). */
  events?: boolean;
  /** What the service counts for the operators' overview (its status contract; service-status.ts says how). */
  counts?: readonly ServiceCountSpec[];
}

/**
 * What every service module lists first: its database (`serviceDatabaseToken(service)`), its ServiceEvents
 * (SERVICE_EVENTS) when it has events, and its ServiceHost. The rest of the module is its use cases,
 * reactions and their collaborators.
 */
export function serviceRuntime<T extends PrismaClientLike>(service: ServiceName, options: ServiceRuntimeOptions<T>): Provider[] {
  const database = serviceDatabaseToken(service);
  const host: FactoryProvider<ServiceHost> = {
    provide: serviceHostToken(service),
    inject: [DiscoveryService, RUNTIME_CONTEXT, database, { token: SERVICE_EVENTS, optional: true }],
    useFactory: (discovery: DiscoveryService, ctx: RuntimeContext, db: HostedDatabase, events?: ServiceEvents<never>) => new ServiceHost(service, discovery, ctx, db, options.events ? events : undefined, options.counts),
  };
  return [serviceDatabaseProvider(service, options.database), ...(options.events ? [serviceEventsProvider(service, database)] : []), host];
}

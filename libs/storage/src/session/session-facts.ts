/**
 * What a stream call's authentication needs to know, kept per replica from the owners' answers and their
 * events (decisions RP1–RP3): the owner of a device (device-service, `DEVICE_RPC.findDeviceOwner`) and the
 * subtoken of a user (sso-service, `SSO_RPC.ssoUserSubtoken`; created once and never changed, I1).
 * Only positive answers are kept: a device nobody owns and a user without an account are asked again every
 * time, so a device bound a moment ago works at once. `device.bound`, `device.unbound` and `user.deleted` drop
 * what they change on every replica (a non-durable subscription: this is per-process memory); the TTLs bound
 * how long an event that is late (a bus outage) or that this replica missed (a NATS reconnect) can leave an
 * answer stale.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DEVICE_RPC, EVENTS, type EventEnvelope, SSO_RPC } from '@dcp/contracts';
import type { EventBus, RpcClient } from '@dcp/messaging';
import { RUNTIME_CLOCK, RUNTIME_EVENT_BUS, RUNTIME_METRICS, RUNTIME_RPC_CLIENT, type Clock, type PlatformMetrics, HostedPart } from '@dcp/runtime';
import { BoundedTtlCache } from './bounded-ttl-cache';

export interface SessionFactsLimits {
  /** How long a device's owner is believed without asking device-service again. */
  ownerTtlMs: number;
  /**
   * How long a user's subtoken is kept. It never changes (I1): this bounds only a user.deleted that is late or
   * missed, while device-service (which learns of the deletion from the same event) still names the user.
   */
  subtokenTtlMs: number;
  maxDevices: number;
  maxUsers: number;
}

/** Decisions RP1: no answer older than 10 s is relied on; 100,000 entries each (a few MiB at most). */
export const SESSION_FACTS_LIMITS: SessionFactsLimits = { ownerTtlMs: 10_000, subtokenTtlMs: 10_000, maxDevices: 100_000, maxUsers: 100_000 };

export const SESSION_FACTS_LIMITS_TOKEN = Symbol.for('dcp.storage.session-facts-limits');

type Fact = 'owner' | 'subtoken';

/** Started before anything else of the service, so no stream call can fill a fact its events would not correct. */
@Injectable()
@HostedPart({ stage: 'first' })
export class SessionFacts {
  private readonly owners: BoundedTtlCache<string, number>;
  private readonly subtokens: BoundedTtlCache<number, string>;
  /**
   * Counts every drop. An answer is kept only when no drop happened while it was asked for: a lookup answered
   * before an unbind but arriving after its event must not put the previous owner back.
   */
  private generation = 0;
  private subscription?: { stop(): Promise<void> };

  constructor(
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: Pick<RpcClient, 'request'>,
    @Inject(RUNTIME_EVENT_BUS) private readonly events: Pick<EventBus, 'subscribe'>,
    @Inject(RUNTIME_METRICS) private readonly metrics: Pick<PlatformMetrics, 'increment'>,
    @Inject(RUNTIME_CLOCK) clock: Clock,
    @Inject(SESSION_FACTS_LIMITS_TOKEN) limits: SessionFactsLimits,
  ) {
    this.owners = new BoundedTtlCache(clock, limits.ownerTtlMs, limits.maxDevices);
    this.subtokens = new BoundedTtlCache(clock, limits.subtokenTtlMs, limits.maxUsers);
  }

  /** Listens for the events that change a fact; started before the stream operations are served. */
  async start(): Promise<void> {
    this.subscription = await this.events.subscribe(
      [EVENTS.deviceBound.subject, EVENTS.deviceUnbound.subject, EVENTS.userDeleted.subject],
      (envelope) => this.apply(envelope),
    );
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** The owner this replica believes in, without asking; undefined when it has none (not kept or expired). */
  knownOwner(macAddr: string): number | undefined {
    const userId = this.owners.get(macAddr);
    this.count('owner', userId !== undefined);
    return userId;
  }

  /** Asks device-service for the device's owner now and keeps the answer. */
  async currentOwner(macAddr: string): Promise<number | undefined> {
    const asked = this.generation;
    const { owner } = await this.rpcClient.request(DEVICE_RPC.findDeviceOwner, { macAddr });
    if (owner && asked === this.generation) this.owners.set(macAddr, owner.userId);
    return owner?.userId;
  }

  /** The user's subtoken; null when sso-service has no account for the user (not kept). */
  async subtoken(userId: number): Promise<string | null> {
    const known = this.subtokens.get(userId);
    this.count('subtoken', known !== undefined);
    if (known !== undefined) return known;
    const asked = this.generation;
    const { subtoken } = await this.rpcClient.request(SSO_RPC.ssoUserSubtoken, { userId });
    if (subtoken !== null && asked === this.generation) this.subtokens.set(userId, subtoken);
    return subtoken;
  }

  /** The device changed hands (bound or unbound): its owner is asked again. */
  forgetDevice(macAddr: string): void {
    this.generation++;
    this.owners.delete(macAddr);
  }

  /** The user is gone: their subtoken and every device they were believed to own are asked again. */
  forgetUser(userId: number): void {
    this.generation++;
    this.subtokens.delete(userId);
    this.owners.deleteWhere((owner) => owner === userId);
  }

  private apply(envelope: EventEnvelope): void {
    // MACs arrive canonical: the event schema normalises them (E5), as the stream calls' devId (CS1).
    if (envelope.type === EVENTS.deviceBound.subject || envelope.type === EVENTS.deviceUnbound.subject) {
      this.forgetDevice((envelope.data as { macAddr: string }).macAddr);
    } else if (envelope.type === EVENTS.userDeleted.subject) {
      this.forgetUser((envelope.data as { userId: number }).userId);
    }
  }

  private count(fact: Fact, hit: boolean): void {
    this.metrics.increment(hit ? 'dcp_storage_session_cache_hits_total' : 'dcp_storage_session_cache_misses_total', { fact });
  }
}

/**
 * What this replica knows of a camera's credentials (decisions CU4, CU11): per device, its live streams under
 * each userTag (owner, streamId, plan in service: PERMISSION_RPC.cameraStreamKeys) and its owner
 * (DEVICE_RPC.findDeviceOwner), both asked together when nothing is known, then believed until an event
 * changes them: `device.bound` / `device.unbound` and `grant.revoked` drop the device, `user.deleted` every
 * device the user owned or streamed — on every replica (a non-durable subscription: this is per-process
 * memory). A dropped entry is marked, so an upload verified with it before the event asks device-service once
 * its row is written (the revocation reaches the very upload in flight). The end of a plan's period needs no
 * event: a plan is believed only until `planEndsAt`. When the bus connection goes down (events may be missed)
 * everything is dropped; the TTL bounds how long a retention changed by an operator takes to reach uploads. Only answers with a live stream are kept: a camera with
 * wrong or revoked credentials is asked about every time.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CameraPlan, DEVICE_RPC, EVENTS, type EventEnvelope, PERMISSION_RPC } from '@dcp/contracts';
import type { EventBus, RpcClient } from '@dcp/messaging';
import { RUNTIME_CLOCK, RUNTIME_EVENT_BUS, RUNTIME_METRICS, RUNTIME_RPC_CLIENT, type Clock, type PlatformMetrics, HostedPart } from '@dcp/runtime';
import { BoundedTtlCache } from '../session/bounded-ttl-cache';

export interface CameraStreamKey {
  userId: number;
  /** The HMAC key of the camera's signatures. */
  streamId: string;
  plan: CameraPlan | null;
}

/** One device's credentials as this replica knows them. */
export interface KnownCamera {
  readonly macAddr: string;
  readonly userTag: string;
  readonly streams: readonly CameraStreamKey[];
  /** The device's owner when asked (undefined: nobody). */
  readonly owner: number | undefined;
  /** Set once an event changed the device, its owner or a user named here: ask again before relying on it. */
  dropped: boolean;
}

export interface CameraCredentialLimits {
  ttlMs: number;
  maxDevices: number;
}

/**
 * Decisions CU11: 10 minutes (a camera uploading every 4 s asks once in 150 uploads), which bounds only how long
 * a retention changed by an operator takes to reach uploads; 100,000 devices at most.
 */
export const CAMERA_CREDENTIAL_LIMITS: CameraCredentialLimits = { ttlMs: 600_000, maxDevices: 100_000 };
export const CAMERA_CREDENTIAL_LIMITS_TOKEN = Symbol.for('dcp.storage.camera-credential-limits');

/** Started before anything else of the service, so no upload can fill an entry its events would not drop. */
@Injectable()
@HostedPart({ stage: 'first' })
export class CameraCredentials {
  /** By device: its userTags' entries (a device has one owner, so almost always one userTag). */
  private readonly known: BoundedTtlCache<string, Map<string, KnownCamera>>;
  /** Counts every drop: an answer asked for while one happened is used but not kept (it may predate the event). */
  private generation = 0;
  private subscription?: { stop(): Promise<void> };

  constructor(
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: Pick<RpcClient, 'request'>,
    @Inject(RUNTIME_EVENT_BUS) private readonly events: Pick<EventBus, 'subscribe'>,
    @Inject(RUNTIME_METRICS) private readonly metrics: Pick<PlatformMetrics, 'increment'>,
    @Inject(RUNTIME_CLOCK) clock: Clock,
    @Inject(CAMERA_CREDENTIAL_LIMITS_TOKEN) limits: CameraCredentialLimits,
  ) {
    this.known = new BoundedTtlCache(clock, limits.ttlMs, limits.maxDevices);
  }

  async start(): Promise<void> {
    this.subscription = await this.events.subscribe(
      [EVENTS.deviceBound.subject, EVENTS.deviceUnbound.subject, EVENTS.grantRevoked.subject, EVENTS.userDeleted.subject],
      (envelope) => this.apply(envelope),
      () => this.forgetAll(),
    );
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** What this replica knows of the device under this userTag (`kept`), or what it asked now. */
  async of(macAddr: string, userTag: string): Promise<{ camera: KnownCamera; kept: boolean }> {
    const kept = this.known.get(macAddr)?.get(userTag);
    this.metrics.increment(kept ? 'dcp_storage_camera_credential_hits_total' : 'dcp_storage_camera_credential_misses_total', {});
    return kept ? { camera: kept, kept: true } : { camera: await this.ask(macAddr, userTag), kept: false };
  }

  /** Asks now, replacing what was kept (which refused a request that a newer answer may accept). */
  async fresh(macAddr: string, userTag: string): Promise<KnownCamera> {
    this.metrics.increment('dcp_storage_camera_credential_misses_total', {});
    return this.ask(macAddr, userTag);
  }

  /** The device's owner as device-service answers it now. */
  async currentOwner(macAddr: string): Promise<number | undefined> {
    const { owner } = await this.rpcClient.request(DEVICE_RPC.findDeviceOwner, { macAddr });
    return owner?.userId;
  }

  private async ask(macAddr: string, userTag: string): Promise<KnownCamera> {
    const asked = this.generation;
    const [{ streams }, owner] = await Promise.all([this.rpcClient.request(PERMISSION_RPC.cameraStreamKeys, { macAddr, userTag }), this.currentOwner(macAddr)]);
    const camera: KnownCamera = { macAddr, userTag, streams, owner, dropped: asked !== this.generation };
    if (streams.length > 0 && !camera.dropped) {
      const tags = this.known.get(macAddr) ?? new Map<string, KnownCamera>();
      tags.set(userTag, camera);
      this.known.set(macAddr, tags);
    }
    return camera;
  }

  /** The device changed (bound, unbound, a grant on it revoked): its entries are asked again. */
  forgetDevice(macAddr: string): void {
    this.generation++;
    const tags = this.known.get(macAddr);
    if (!tags) return;
    for (const camera of tags.values()) camera.dropped = true;
    this.known.delete(macAddr);
  }

  /** Events may have been missed (the bus connection went down): everything is asked again. */
  forgetAll(): void {
    this.generation++;
    this.known.deleteWhere((tags) => {
      for (const camera of tags.values()) camera.dropped = true;
      return true;
    });
  }

  /** The user is gone: every device they owned or streamed is asked again. */
  forgetUser(userId: number): void {
    this.generation++;
    this.known.deleteWhere((tags) => {
      const named = [...tags.values()].some((c) => c.owner === userId || c.streams.some((s) => s.userId === userId));
      if (named) for (const camera of tags.values()) camera.dropped = true;
      return named;
    });
  }

  private apply(envelope: EventEnvelope): void {
    // MACs arrive canonical: the event schema normalises them (E5), as the camera's MAC is before it is looked up.
    switch (envelope.type) {
      case EVENTS.deviceBound.subject:
      case EVENTS.deviceUnbound.subject:
        return this.forgetDevice((envelope.data as { macAddr: string }).macAddr);
      case EVENTS.grantRevoked.subject: {
        // A grant tied to no device is no device's plan.
        const { ipcMac } = envelope.data as { ipcMac: string | null };
        return ipcMac ? this.forgetDevice(ipcMac) : undefined;
      }
      case EVENTS.userDeleted.subject:
        return this.forgetUser((envelope.data as { userId: number }).userId);
    }
  }
}

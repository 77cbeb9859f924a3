/**
 * Issues and reads the cloud-recording streams behind the authorization records (decisions CU3): a device's
 * first activation for an owner issues its stream (userTag = the owner's storeTag, a new random streamId);
 * later grants on the same device and owner share it, so a renewal needs no new camera configuration.
 */
import { Inject, Injectable } from '@nestjs/common';
import { SSO_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_RPC_CLIENT } from '@dcp/runtime';
import type { CameraStream } from './camera-stream';
import { CameraStreamRepository, type StreamPlan } from './camera-stream.repository';
import { StreamSecrets } from './stream-secrets';

/** What the grant use cases need of the streams (CameraStreams; MemoryStreams in unit specs). */
export interface StreamDirectory {
  ensure(userId: number, ipcMac: string): Promise<CameraStream>;
  liveOf(userId: number, ipcMacs: readonly string[]): Promise<Map<string, CameraStream>>;
}

@Injectable()
export class CameraStreams implements StreamDirectory {
  constructor(
    private readonly streams: CameraStreamRepository,
    private readonly secrets: StreamSecrets,
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient,
  ) {}

  /** The live stream of the owner's device, issued now if it has none. */
  async ensure(userId: number, ipcMac: string): Promise<CameraStream> {
    const [live] = await this.streams.liveOf(userId, [ipcMac]);
    if (live) return this.secrets.open(live);
    const { storeTag } = await this.rpcClient.request(SSO_RPC.ssoUserStoreTag, { userId });
    if (storeTag === null) throw new Error(`user ${userId} no longer exists: no stream issued for ${ipcMac}`);
    const streamCiphertext = this.secrets.newStreamCiphertext({ ipcMac, userId });
    // Two first activations at once: both read the stream that stayed.
    return this.secrets.open(await this.streams.findOrInsertLive({ ipcMac, userId, userTag: storeTag, streamCiphertext }));
  }

  /** The owner's live streams on these devices, by MAC. */
  async liveOf(userId: number, ipcMacs: readonly string[]): Promise<Map<string, CameraStream>> {
    const rows = await this.streams.liveOf(userId, [...new Set(ipcMacs)]);
    return new Map(rows.map((row) => [row.ipcMac, this.secrets.open(row)]));
  }

  /** The live streams of this MAC under this userTag, opened, with their plans in service (what a camera request is verified against). */
  async liveByTagWithPlan(ipcMac: string, userTag: string, now: number): Promise<(CameraStream & { plan: StreamPlan | null })[]> {
    return (await this.streams.liveByTagWithPlan(ipcMac, userTag, now)).map(({ plan, ...row }) => ({ ...this.secrets.open(row), plan }));
  }
}

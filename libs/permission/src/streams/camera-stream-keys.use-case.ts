/**
 * PERMISSION_RPC.cameraStreamKeys (decisions CU4, CU11): the live streams of a MAC under a userTag, opened, each
 * with its owner and the owner's cloud-recording plan in service on the device now (active, not revoked,
 * period not over, plan with a retention), or null. storage-service verifies a camera's signature with the
 * streamId and keeps the answer in memory until an event changes it; no stream (unknown, or revoked by an
 * unbind or a user deletion) is an empty list, which storage-service refuses as CAMERA_CREDENTIALS_REFUSED.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CameraStreamKeys, type CameraStreamKeysRequest, PERMISSION_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { CameraStreams } from './camera-streams';

@Injectable()
export class CameraStreamKeysUseCase {
  constructor(
    private readonly streams: CameraStreams,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PERMISSION_RPC.cameraStreamKeys, 'camera.stream_keys')
  async execute(request: CameraStreamKeysRequest): Promise<CameraStreamKeys> {
    const live = await this.streams.liveByTagWithPlan(request.macAddr, request.userTag, this.clock.now());
    return { streams: live.map((s) => ({ userId: s.userId, streamId: s.streamId, plan: s.plan })) };
  }
}

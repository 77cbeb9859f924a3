/**
 * PUSH_RPC.cameraAlarm, `POST {sendMsgUrl}?mac&type&time&timestamp&signature` with an optional JPEG body
 * (decisions PS1–PS4): the post checked (CR0400, CR0402, CR0413, CR0416; alarm-post.ts) → signed with the push tag
 * of the device's current owner (CR0401; AlarmSigner) → the device's and the user's rate (CR0429 with
 * Retry-After, nothing stored) → merged into the device's latest message of that type within the cooldown, or
 * stored as a new message with its picture and a delivery to each of the owner's endpoints (one statement:
 * AlarmIntake), which this replica's dispatcher starts sending at once.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type CameraAlarmRequest, type CameraAlarmStored, ErrorCode, PUSH_RPC, PlatformError, errorDefinition } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS, type Clock, type PlatformMetrics, ServesRpc } from '@dcp/runtime';
import type { PushConfig } from '../push-config';
import { alarmRefusal, parseAlarmPost } from './alarm-post';
import { AlarmSigner } from './alarm-signer';
import { AlarmIntake } from './alarm-intake';
import { DeliveryDispatcher } from '../delivery/delivery-dispatcher';

const MINUTE_MS = 60_000;

@Injectable()
export class CameraAlarmUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<PushConfig, 'pushAlarms'>,
    @Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics,
    private readonly signer: AlarmSigner,
    private readonly intake: AlarmIntake,
    @Inject(DeliveryDispatcher) private readonly dispatcher: Pick<DeliveryDispatcher, 'wake'>,
  ) {}

  @ServesRpc(PUSH_RPC.cameraAlarm, 'camera.alarm')
  async execute(req: CameraAlarmRequest): Promise<CameraAlarmStored> {
    try {
      const stored = await this.receive(req);
      this.metrics.increment('dcp_push_alarms_total', { outcome: stored.merged ? 'merged' : 'stored' });
      return stored;
    } catch (err) {
      this.metrics.increment('dcp_push_alarms_refused_total', { code: errorDefinition(PlatformError.from(err).code).value });
      throw err;
    }
  }

  private async receive(req: CameraAlarmRequest): Promise<CameraAlarmStored> {
    const nowMs = this.clock.now();
    const post = parseAlarmPost(req, nowMs);
    const { userId, clientId } = await this.signer.ownerOf(post);
    const { cooldownSeconds, perDevicePerMinute, perUserPerMinute } = this.config.pushAlarms;
    const minute = Math.floor(nowMs / MINUTE_MS);
    const row = await this.intake.take({
      macAddr: post.macAddr,
      userId,
      clientId,
      type: post.type,
      minute,
      perDevicePerMinute,
      perUserPerMinute,
      cameraTime: post.time * 1000,
      nowMs,
      cooldownStartMs: nowMs - cooldownSeconds * 1000,
      newMessageId: randomUUID(),
      picture: post.picture,
    });
    if (!row?.deviceOk || !row.userOk || row.messageId === null) {
      const retryAfterSeconds = Math.max(1, Math.ceil(((minute + 1) * MINUTE_MS - nowMs) / 1000));
      const what = !row?.deviceOk ? `device ${post.macAddr} reached ${perDevicePerMinute} alarms a minute` : `the owner's devices reached ${perUserPerMinute} alarms a minute`;
      throw alarmRefusal(ErrorCode.CAMERA_QUOTA_EXCEEDED, `${what}: retry after ${retryAfterSeconds} s`, { retryAfterSeconds });
    }
    if (row.deliveries > 0) this.dispatcher.wake();
    return { messageId: row.messageId, devId: post.macAddr, type: post.type, count: Number(row.count), merged: row.merged };
  }
}

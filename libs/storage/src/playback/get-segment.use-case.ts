/**
 * STORAGE_RPC.segment: the bytes of one segment of a signed segment URL. Checks in order: signature and
 * expiry (403) → the segment exists (404) and belongs to the URL's device (403) → it belongs to the device's
 * current owner (404) → its object is there (404).
 */
import { Inject, Injectable } from '@nestjs/common';
import { normalizeMac, STORAGE_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import type { z } from 'zod';
import type { segmentRequestSchema } from '@dcp/contracts';
import { PLAYBACK_SIGNER } from '../infrastructure/playback-key';
import { OBJECT_STORE, type ObjectStore } from '../objects/object-store';
import { SegmentRepository } from '../recordings/segment.repository';
import { SessionAuthenticator } from '../session/session-authenticator';
import { assertVerified, denied, gone } from './playback-errors';
import { PlaybackSigner } from './playback-signer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
import { RecordingWindow } from '../retention/recording-window';

@Injectable()
export class GetSegmentUseCase {

  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(PLAYBACK_SIGNER) private readonly signer: PlaybackSigner,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly owners: SessionAuthenticator,
    private readonly segments: SegmentRepository,
    private readonly window: RecordingWindow,
  ) {}

  @ServesRpc(STORAGE_RPC.segment, 'segment')
  async execute(req: z.output<typeof segmentRequestSchema>): Promise<{ contentBase64: string }> {
    const macAddr = normalizeMac(req.devId);
    const segmentId = req.segmentId.toLowerCase();
    if (!req.expires || !req.sig) throw denied('unsigned');
    if (!macAddr || !UUID.test(segmentId)) throw denied('mismatch');
    assertVerified(this.signer.verify({ kind: 'segment', macAddr, segmentId }, req.expires, req.sig, this.clock.now()));

    const segment = await this.segments.findById(segmentId);
    if (!segment) throw gone(`segment ${segmentId} no longer exists`);
    if (segment.macAddr !== macAddr) throw denied(`segment ${segmentId} does not belong to device ${macAddr}`);
    const owner = await this.owners.currentOwner(macAddr);
    if (owner !== segment.userId) throw gone(`segment ${segmentId} is no longer available: device ${macAddr} changed hands`);
    if ((await this.window.visible(macAddr, owner, [segment])).length === 0) throw gone(`segment ${segmentId} is past its plan's retention`);
    const bytes = await this.store.get(segment.objectKey);
    if (!bytes) throw gone(`segment ${segmentId} has no stored bytes`);
    return { contentBase64: bytes.toString('base64') };
  }
}

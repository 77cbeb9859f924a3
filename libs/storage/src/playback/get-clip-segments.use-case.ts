/**
 * STORAGE_RPC.clipSegments: the segments of a signed record.download URL, for the edge to remux into one MP4
 * (decisions CU9). Checks in order, as the playlist's: the URL's signature and expiry (403) → the device has an
 * owner (404) → the owner has segments retention still shows in the window (404). Each segment comes with the
 * signature of its own segment URL (the clip's expiry), so the edge fetches it through STORAGE_RPC.segment,
 * checked there like any player's request.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type clipRequestSchema, type clipSegmentsSchema, normalizeMac, STORAGE_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import type { z } from 'zod';
import { PLAYBACK_SIGNER } from '../infrastructure/playback-key';
import { SegmentRepository } from '../recordings/segment.repository';
import { RecordingWindow } from '../retention/recording-window';
import { SessionAuthenticator } from '../session/session-authenticator';
import { assertVerified, denied, gone } from './playback-errors';
import { PlaybackSigner } from './playback-signer';

@Injectable()
export class GetClipSegmentsUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(PLAYBACK_SIGNER) private readonly signer: PlaybackSigner,
    private readonly owners: SessionAuthenticator,
    private readonly segments: SegmentRepository,
    private readonly window: RecordingWindow,
  ) {}

  @ServesRpc(STORAGE_RPC.clipSegments, 'clip_segments')
  async execute(req: z.output<typeof clipRequestSchema>): Promise<z.output<typeof clipSegmentsSchema>> {
    const macAddr = normalizeMac(req.devId);
    const from = req.from && /^\d{1,11}$/.test(req.from) ? Number(req.from) : undefined;
    const to = req.to && /^\d{1,11}$/.test(req.to) ? Number(req.to) : undefined;
    if (!req.expires || !req.sig) throw denied('unsigned');
    if (!macAddr || from === undefined || to === undefined) throw denied('mismatch');
    assertVerified(this.signer.verify({ kind: 'clip', macAddr, from, to }, req.expires, req.sig, this.clock.now()));

    const owner = await this.owners.currentOwner(macAddr);
    if (owner === undefined) throw gone(`device ${macAddr} has no owner: its recordings are no longer available`);
    const segments = await this.window.visible(macAddr, owner, await this.segments.overlapping(macAddr, owner, from, to));
    if (segments.length === 0) throw gone(`no recordings of device ${macAddr} between ${from} and ${to}`);
    const expires = Number(req.expires);
    return {
      macAddr,
      segments: segments.map((s) => ({ segmentId: s.id, expires: req.expires!, sig: this.signer.sign({ kind: 'segment', macAddr, segmentId: s.id }, expires) })),
    };
  }
}

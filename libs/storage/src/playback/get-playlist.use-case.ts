/**
 * STORAGE_RPC.playlist: the HLS media playlist of a signed record.play URL. Checks in order: the URL's
 * signature and expiry (403) → the device has an owner (404) → the owner has segments in the range (404).
 * The playlist lists the owner's segments in [from, to] at the time of the request, grouped into clips
 * (DISCONTINUITY between clips), read in keyset pages and rendered as they come (CS20), each segment URL absolute on `{store_url}` (the scheme the player used) with
 * its own signature and the playlist's expiry.
 */
import { Inject, Injectable } from '@nestjs/common';
import { normalizeMac, STORAGE_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, type Clock, ServesRpc } from '@dcp/runtime';
import type { z } from 'zod';
import type { playlistRequestSchema } from '@dcp/contracts';
import { PLAYBACK_SIGNER } from '../infrastructure/playback-key';
import type { StorageConfig } from '../storage-config';
import { SegmentRepository } from '../recordings/segment.repository';
import { SessionAuthenticator } from '../session/session-authenticator';
import { assertVerified, denied, gone } from './playback-errors';
import { PlaybackSigner, segmentUrl, withScheme } from './playback-signer';
import { RecordingWindow } from '../retention/recording-window';
import { PlaylistBuilder } from './playlist';

export type PlaylistRequest = z.output<typeof playlistRequestSchema>;

@Injectable()
export class GetPlaylistUseCase {

  constructor(
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'publicStoreUrl'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(PLAYBACK_SIGNER) private readonly signer: PlaybackSigner,
    private readonly owners: SessionAuthenticator,
    private readonly segments: SegmentRepository,
    private readonly window: RecordingWindow,
  ) {}

  @ServesRpc(STORAGE_RPC.playlist, 'playlist')
  async execute(req: PlaylistRequest): Promise<{ playlist: string }> {
    const macAddr = normalizeMac(req.devId);
    const from = req.from && /^\d{1,11}$/.test(req.from) ? Number(req.from) : undefined;
    const to = req.to && /^\d{1,11}$/.test(req.to) ? Number(req.to) : undefined;
    if (!req.expires || !req.sig) throw denied('unsigned');
    if (!macAddr || from === undefined || to === undefined) throw denied('mismatch');
    const now = this.clock.now();
    assertVerified(this.signer.verify({ kind: 'playlist', macAddr, from, to }, req.expires, req.sig, now));

    const owner = await this.owners.currentOwner(macAddr);
    if (owner === undefined) throw gone(`device ${macAddr} has no owner: its recordings are no longer available`);
    const expires = Number(req.expires);
    const storeUrl = withScheme(this.config.publicStoreUrl, req.scheme ?? 'http');
    const playlist = new PlaylistBuilder();
    const visibleAfterMs = await this.window.visibleAfterMs(macAddr, owner);
    for await (const page of this.segments.overlappingPages(macAddr, owner, from, to, visibleAfterMs)) {
      for (const s of page) playlist.add({ ...s, url: segmentUrl(storeUrl, macAddr, s.id, expires, this.signer.sign({ kind: 'segment', macAddr, segmentId: s.id }, expires)) });
    }
    if (playlist.empty) throw gone(`no recordings of device ${macAddr} between ${from} and ${to}`);
    return { playlist: playlist.finish() };
  }
}

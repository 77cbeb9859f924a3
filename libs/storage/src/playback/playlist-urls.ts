/**
 * The signed playlist URLs of a window of a device's recordings, as record.play hands them to apps and the
 * operator's playback route to the console: `recordUrl` (http://) and `secureUrl` (https://) on
 * `{store_url}`, valid for playbackUrlTtlSeconds. One place issues them, so both get the same signature; the
 * clip downloads of record.download too.
 */
import { Inject, Injectable } from '@nestjs/common';
import { STORAGE_LIMITS } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, type Clock } from '@dcp/runtime';
import { PLAYBACK_SIGNER } from '../infrastructure/playback-key';
import type { StorageConfig } from '../storage-config';
import { PlaybackSigner, clipUrl, playlistUrl, withScheme } from './playback-signer';

export interface IssuedPlaylist {
  /** Epoch seconds after which the playlist and its segment URLs are refused. */
  expires: number;
  recordUrl: string;
  secureUrl: string;
}

@Injectable()
export class PlaylistUrls {
  constructor(
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'publicStoreUrl'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(PLAYBACK_SIGNER) private readonly signer: PlaybackSigner,
  ) {}

  /** Signed URLs of the playlist of `macAddr` (canonical) over [from, to], epoch seconds. */
  issue(macAddr: string, from: number, to: number): IssuedPlaylist {
    const { expires, http, https } = this.signed('playlist', macAddr, from, to, playlistUrl);
    return { expires, recordUrl: http, secureUrl: https };
  }

  /** Signed URLs of the MP4 clip of `macAddr` (canonical) over [from, to], epoch seconds. */
  clip(macAddr: string, from: number, to: number): { expires: number; downloadUrl: string; secureDownloadUrl: string } {
    const { expires, http, https } = this.signed('clip', macAddr, from, to, clipUrl);
    return { expires, downloadUrl: http, secureDownloadUrl: https };
  }

  /** One signature, valid for playbackUrlTtlSeconds, in the http:// and https:// forms of `{store_url}`. */
  private signed(kind: 'playlist' | 'clip', macAddr: string, from: number, to: number, url: typeof playlistUrl): { expires: number; http: string; https: string } {
    const expires = Math.floor(this.clock.now() / 1000) + STORAGE_LIMITS.playbackUrlTtlSeconds;
    const sig = this.signer.sign({ kind, macAddr, from, to }, expires);
    const storeUrl = this.config.publicStoreUrl;
    return { expires, http: url(withScheme(storeUrl, 'http'), macAddr, from, to, expires, sig), https: url(withScheme(storeUrl, 'https'), macAddr, from, to, expires, sig) };
  }
}

/**
 * Signed playback URLs (spec 2.8: "their query strings carry a time range, an expiry and a signature").
 * sig = HMAC-SHA256(playback key, canonical string), lower-case hex; the canonical string binds the kind of
 * URL, the device (canonical MAC), the playlist's range or the segment's id, and the expiry:
 *   dcp-playback-v1\nplaylist\n<MAC>\n<from>\n<to>\n<expires>
 *   dcp-playback-v1\nsegment\n<MAC>\n<segmentId>\n<expires>
 *   dcp-playback-v1\nclip\n<MAC>\n<from>\n<to>\n<expires>        (an MP4 download, record.download)
 * so a signature is good for exactly one URL: another device, range, segment or expiry does not verify.
 * Verified in constant time; `expires` (epoch seconds) is checked after the signature. <MAC> is the canonical
 * form (12 upper-case hex digits, docs/decisions.md D1); a URL signed over the colon spelling before that
 * form changed still verifies until it expires (at most STORAGE_LIMITS.playbackUrlTtlSeconds, CS9).
 */
import { colonMac } from '@dcp/contracts';
import { UrlSignature } from '@dcp/signing';

export type PlaybackTarget =
  | { kind: 'playlist' | 'clip'; macAddr: string; from: number; to: number }
  | { kind: 'segment'; macAddr: string; segmentId: string };

export type Verdict = { ok: true } | { ok: false; reason: 'unsigned' | 'mismatch' | 'expired' };

const VERSION = 'dcp-playback-v1';

export class PlaybackSigner {
  private readonly signature: UrlSignature;

  /** Signs with `key`; also verifies URLs signed under `previousKeys` (SECRETS_KEY_PREVIOUS, SK3). */
  constructor(key: Buffer, previousKeys: readonly Buffer[] = []) {
    this.signature = new UrlSignature(key, previousKeys);
  }

  sign(target: PlaybackTarget, expires: number): string {
    return this.signature.sign(canonical(target, expires));
  }

  /**
   * `expires` and `sig` as they arrived in the query string. unsigned: either is missing or malformed;
   * mismatch: the signature is not ours for this URL; expired: signed, but `expires` ≤ now.
   */
  verify(target: PlaybackTarget, expires: string | undefined, sig: string | undefined, nowMs: number): Verdict {
    if (!expires || !/^\d{1,12}$/.test(expires) || !sig) return { ok: false, reason: 'unsigned' };
    const given = sig.toLowerCase();
    const legacy = colonMac(target.macAddr);
    const equal = this.signature.verifies(canonical(target, Number(expires)), given) || (legacy !== undefined && this.signature.verifies(canonical({ ...target, macAddr: legacy }, Number(expires)), given));
    if (!equal) return { ok: false, reason: 'mismatch' };
    if (Number(expires) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
    return { ok: true };
  }
}

function canonical(target: PlaybackTarget, expires: number): string {
  const parts = target.kind === 'segment' ? [target.macAddr, target.segmentId] : [target.macAddr, String(target.from), String(target.to)];
  return [VERSION, target.kind, ...parts, String(expires)].join('\n');
}

/** The same address in its http:// or https:// form. */
export function withScheme(baseUrl: string, scheme: 'http' | 'https'): string {
  return baseUrl.replace(/^https?:/, `${scheme}:`);
}

/** The signed address of a clip's MP4 (record.download): the edge remuxes the window's segments into it. */
export function clipUrl(storeUrl: string, macAddr: string, from: number, to: number, expires: number, sig: string): string {
  const q = new URLSearchParams({ from: String(from), to: String(to), expires: String(expires), sig });
  return `${storeUrl}/hls/${macAddr}/clip.mp4?${q}`;
}

/** URLs name the device by its canonical MAC (12 upper-case hex digits: nothing to encode in a path). */
export function playlistUrl(storeUrl: string, macAddr: string, from: number, to: number, expires: number, sig: string): string {
  const q = new URLSearchParams({ from: String(from), to: String(to), expires: String(expires), sig });
  return `${storeUrl}/hls/${macAddr}/index.m3u8?${q}`;
}

export function segmentUrl(storeUrl: string, macAddr: string, segmentId: string, expires: number, sig: string): string {
  const q = new URLSearchParams({ expires: String(expires), sig });
  return `${storeUrl}/hls/${macAddr}/segments/${segmentId}.ts?${q}`;
}

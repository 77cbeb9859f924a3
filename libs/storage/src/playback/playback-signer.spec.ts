import { randomBytes } from 'node:crypto';
import { derivePlaybackKey } from '../infrastructure/playback-key';
import { type PlaybackTarget, PlaybackSigner, playlistUrl, segmentUrl, withScheme } from './playback-signer';

const NOW = 1_795_651_200_000;
const EXPIRES = NOW / 1000 + 3600;
const MAC = '0A1B2C3D4E5F';
const SEGMENT = '3f6c1a52-8a4e-4d1e-9d0b-6a2f5e0c9b11';

describe('PlaybackSigner', () => {
  const secretsKey = randomBytes(32);
  const signer = new PlaybackSigner(derivePlaybackKey(secretsKey));
  const playlist: PlaybackTarget = { kind: 'playlist', macAddr: MAC, from: 1000, to: 22600 };
  const segment: PlaybackTarget = { kind: 'segment', macAddr: MAC, segmentId: SEGMENT };

  it('signs with HMAC-SHA256 as 64 lower-case hex digits and verifies its own signature (any letter case)', () => {
    const sig = signer.sign(playlist, EXPIRES);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.verify(playlist, String(EXPIRES), sig, NOW)).toEqual({ ok: true });
    expect(signer.verify(playlist, String(EXPIRES), sig.toUpperCase(), NOW)).toEqual({ ok: true });
  });

  it('a signature is good for exactly one URL: another device, range, segment, kind or expiry does not verify', () => {
    const sig = signer.sign(playlist, EXPIRES);
    const segSig = signer.sign(segment, EXPIRES);
    const mismatch = { ok: false, reason: 'mismatch' };
    expect(signer.verify({ ...playlist, macAddr: '0A1B2C3D4E60' }, String(EXPIRES), sig, NOW)).toEqual(mismatch);
    expect(signer.verify({ ...playlist, from: 999 }, String(EXPIRES), sig, NOW)).toEqual(mismatch);
    expect(signer.verify({ ...playlist, to: 22601 }, String(EXPIRES), sig, NOW)).toEqual(mismatch);
    expect(signer.verify(playlist, String(EXPIRES + 1), sig, NOW)).toEqual(mismatch);
    expect(signer.verify({ ...segment, segmentId: SEGMENT.replace('3f', '4f') }, String(EXPIRES), segSig, NOW)).toEqual(mismatch);
    expect(signer.verify({ ...segment, macAddr: '0A1B2C3D4E60' }, String(EXPIRES), segSig, NOW)).toEqual(mismatch);
    // The same values under the other kind (the playlist's signature on a segment URL and back).
    expect(signer.verify(segment, String(EXPIRES), sig, NOW)).toEqual(mismatch);
    expect(signer.verify(playlist, String(EXPIRES), segSig, NOW)).toEqual(mismatch);
  });

  it('signs over the canonical MAC; a URL signed over its colon spelling (before the canonical form changed) verifies until it expires', () => {
    const legacySigner = { sign: (t: PlaybackTarget) => signer.sign({ ...t, macAddr: '0A:1B:2C:3D:4E:5F' }, EXPIRES) };
    expect(signer.sign(playlist, EXPIRES)).not.toBe(legacySigner.sign(playlist));
    for (const target of [playlist, segment]) {
      const legacy = legacySigner.sign(target);
      expect(signer.verify(target, String(EXPIRES), legacy, NOW)).toEqual({ ok: true });
      expect(signer.verify(target, String(EXPIRES), legacy, EXPIRES * 1000)).toEqual({ ok: false, reason: 'expired' });
      // Still bound to its device: the colon spelling of another MAC is another signature.
      expect(signer.verify({ ...target, macAddr: '0A1B2C3D4E60' }, String(EXPIRES), legacy, NOW)).toEqual({ ok: false, reason: 'mismatch' });
    }
  });

  it('a tampered, truncated or foreign signature does not verify', () => {
    const sig = signer.sign(segment, EXPIRES);
    const flipped = (sig[10] === '0' ? '1' : '0');
    expect(signer.verify(segment, String(EXPIRES), sig.slice(0, 10) + flipped + sig.slice(11), NOW)).toEqual({ ok: false, reason: 'mismatch' });
    expect(signer.verify(segment, String(EXPIRES), sig.slice(0, 63), NOW)).toEqual({ ok: false, reason: 'mismatch' });
    const other = new PlaybackSigner(derivePlaybackKey(randomBytes(32)));
    expect(signer.verify(segment, String(EXPIRES), other.sign(segment, EXPIRES), NOW)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('expires: valid until the second before `expires`, expired from it on (checked after the signature)', () => {
    const sig = signer.sign(segment, EXPIRES);
    expect(signer.verify(segment, String(EXPIRES), sig, EXPIRES * 1000 - 1)).toEqual({ ok: true });
    expect(signer.verify(segment, String(EXPIRES), sig, EXPIRES * 1000)).toEqual({ ok: false, reason: 'expired' });
    // A forged URL is reported as a mismatch even when it is also expired.
    expect(signer.verify(segment, String(EXPIRES), 'f'.repeat(64), EXPIRES * 1000 + 5)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('without expires or sig (or with a malformed expires) the URL is unsigned', () => {
    const sig = signer.sign(segment, EXPIRES);
    expect(signer.verify(segment, undefined, sig, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(signer.verify(segment, String(EXPIRES), undefined, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(signer.verify(segment, '17956512x0', sig, NOW)).toEqual({ ok: false, reason: 'unsigned' });
    expect(signer.verify(segment, '', sig, NOW)).toEqual({ ok: false, reason: 'unsigned' });
  });

  it('after a SECRETS_KEY rotation, URLs signed under the previous key verify until they expire; new ones are signed under the new key (SK3)', () => {
    const rotated = new PlaybackSigner(derivePlaybackKey(randomBytes(32)), [derivePlaybackKey(secretsKey)]);
    const before = signer.sign(segment, EXPIRES);
    expect(rotated.verify(segment, String(EXPIRES), before, NOW)).toEqual({ ok: true });
    expect(rotated.verify(segment, String(EXPIRES), before, EXPIRES * 1000)).toEqual({ ok: false, reason: 'expired' });
    const after = rotated.sign(segment, EXPIRES);
    expect(after).not.toBe(before);
    expect(signer.verify(segment, String(EXPIRES), after, NOW)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('the key is derived from SECRETS_KEY (HKDF), deterministic, and never the raw key', () => {
    expect(derivePlaybackKey(secretsKey).equals(derivePlaybackKey(secretsKey))).toBe(true);
    expect(derivePlaybackKey(secretsKey).equals(secretsKey)).toBe(false);
    expect(derivePlaybackKey(secretsKey)).toHaveLength(32);
  });
});

describe('playback URLs', () => {
  it('playlist and segment URLs on the store host, the MAC as 12 hex digits in the path', () => {
    expect(playlistUrl('https://store.example', MAC, 1000, 22600, EXPIRES, 'ab')).toBe(`https://store.example/hls/0A1B2C3D4E5F/index.m3u8?from=1000&to=22600&expires=${EXPIRES}&sig=ab`);
    expect(segmentUrl('http://store.example', MAC, SEGMENT, EXPIRES, 'cd')).toBe(`http://store.example/hls/0A1B2C3D4E5F/segments/${SEGMENT}.ts?expires=${EXPIRES}&sig=cd`);
  });
  it('http and https forms of the same address', () => {
    expect(withScheme('http://store.example:8080/base', 'https')).toBe('https://store.example:8080/base');
    expect(withScheme('https://store.example', 'http')).toBe('http://store.example');
  });
});

/**
 * Staged rollout: a release with rolloutPercent p reaches a stable share p% of devices. A device's bucket for
 * a release is the first 4 bytes of SHA-256(`<MAC as AA:BB:CC:DD:EE:FF>:<release id>`) as an unsigned
 * integer, mod 100: the same device always lands in the same bucket for a release, and different releases
 * pick different devices. The MAC is hashed in its colon spelling (`colonMac`), the canonical form when
 * buckets were first handed out, not in today's canonical form (12 hex digits, docs/decisions.md D1): the
 * change of canonical form moves no device into or out of a rollout (F17).
 */
import { createHash } from 'node:crypto';
import { colonMac } from '@dcp/contracts';

/** `mac` in any accepted spelling (the use case passes the canonical form). */
export function rolloutBucket(mac: string, releaseId: number): number {
  const hashed = colonMac(mac);
  if (hashed === undefined) throw new Error(`rolloutBucket: not a MAC address: ${JSON.stringify(mac.slice(0, 40))}`);
  return createHash('sha256').update(`${hashed}:${releaseId}`).digest().readUInt32BE(0) % 100;
}

export function isRolledOutTo(release: { id: number; rolloutPercent: number }, mac: string): boolean {
  return release.rolloutPercent >= 100 || rolloutBucket(mac, release.id) < release.rolloutPercent;
}

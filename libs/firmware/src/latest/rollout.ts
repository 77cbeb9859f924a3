/**
 * Staged rollout: a release with rolloutPercent p reaches a stable share p% of devices. A device's bucket for
 * a release is the first 4 bytes of SHA-256(`<canonical MAC>:<release id>`) as an unsigned integer, mod 100:
 * the same device always lands in the same bucket for a release, and different releases pick different
 * devices.
 */
import { createHash } from 'node:crypto';

export function rolloutBucket(canonicalMac: string, releaseId: number): number {
  return createHash('sha256').update(`${canonicalMac}:${releaseId}`).digest().readUInt32BE(0) % 100;
}

export function isRolledOutTo(release: { id: number; rolloutPercent: number }, canonicalMac: string): boolean {
  return release.rolloutPercent >= 100 || rolloutBucket(canonicalMac, release.id) < release.rolloutPercent;
}

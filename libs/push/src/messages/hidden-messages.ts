/**
 * Hidden at once (decisions PS6): a message covered by a pending purge (push.message_purge, what a user.deleted
 * or device.unbound statement left for the retention job) is gone for every reader — the message center, the
 * picture URL, the delivery claim, the alarm's merge — exactly as if deleted, until the job deletes it. A purge
 * covers the messages of its user, of its device ('' every device), received_at up to received_before: the rule
 * the job deletes by (RetentionRepository.deletePurged), so a device bound again keeps its new messages. Its
 * rows go when the job is done with them (finishPurge). Looked up through
 * message_purge (user_id, mac_addr, received_before).
 */
import type { Prisma } from '../generated/prisma/client';

/** SQL: whether the purge of alias `p` covers the message of alias `m` (the one rule, for both directions). */
export function purgeCovers(p: string, m: string): string {
  return `${p}.user_id = ${m}.user_id AND ${p}.mac_addr IN ('', ${m}.mac_addr) AND ${p}.received_before >= ${m}.received_at`;
}

/** SQL: whether the message of alias `m` is covered by a pending purge. */
export function purgePending(m: string): string {
  return `EXISTS (SELECT 1 FROM "push"."message_purge" AS p WHERE ${purgeCovers('p', m)})`;
}

/** A pending purge as the repositories read it. */
export interface PendingPurgeScope {
  userId: number;
  macAddr: string;
  receivedBefore: Date;
}

/** Prisma: none of the purges covers the message (no condition without purges). */
export function notPurged(purges: readonly PendingPurgeScope[]): Prisma.AlarmMessageWhereInput {
  if (purges.length === 0) return {};
  return { NOT: purges.map((p) => ({ userId: p.userId, receivedAt: { lte: p.receivedBefore }, ...(p.macAddr !== '' ? { macAddr: p.macAddr } : {}) })) };
}

export const PURGE_SCOPE = { userId: true, macAddr: true, receivedBefore: true } as const;

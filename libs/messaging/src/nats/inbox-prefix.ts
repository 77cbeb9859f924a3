/**
 * The reply inboxes of a NATS user: `_INBOX.<user>.…` (request-reply, JetStream publish acks and pulls). The
 * server's permissions (tools/nats-auth) let each user subscribe to its own prefix only, so no service reads
 * another's replies.
 */
export function userInboxPrefix(user: string): string {
  return `_INBOX.${user}`;
}

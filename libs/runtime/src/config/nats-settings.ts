/**
 * How a process authenticates to NATS and verifies it (k8s/README.md "NATS"): a user of the server's
 * `authorization { users }` (generated from the contracts: tools/nats-auth), reply inboxes of its own, and the
 * certificate authorities of the server's TLS certificate. Nothing set: no authentication, plain TCP (embedded,
 * compose, development).
 */
import { userInboxPrefix } from '@dcp/messaging';
import { ConfigError } from './env-values';

export interface NatsSettings {
  /** NATS_USER: this process's user; its replies arrive under `_INBOX.<user>.` (userInboxPrefix). */
  readonly user?: string;
  /** NATS_PASSWORD: that user's password. */
  readonly password?: string;
  /** The reply-inbox prefix of NATS_USER, undefined without one (nats.js's default `_INBOX`). */
  readonly inboxPrefix?: string;
  /** NATS_TLS_CA_FILE: PEM certificate authorities that verify the server's certificate (TLS required). */
  readonly tlsCaFile?: string;
}

export function loadNatsSettings(env: NodeJS.ProcessEnv): NatsSettings {
  const user = env.NATS_USER || undefined;
  const password = env.NATS_PASSWORD || undefined;
  const tlsCaFile = env.NATS_TLS_CA_FILE || undefined;
  if (user !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(user)) throw new ConfigError('NATS_USER must be 1–64 letters, digits, "-" or "_" (it names the reply inboxes)');
  if (!!user !== !!password) throw new ConfigError('NATS_USER and NATS_PASSWORD go together: set both or neither');
  return { user, password, inboxPrefix: user ? userInboxPrefix(user) : undefined, tlsCaFile };
}

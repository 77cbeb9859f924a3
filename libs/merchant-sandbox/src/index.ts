/**
 * The reference merchant (spec 4.3) as a library: the demo, the benchmark and specs start it in-process
 * with startMerchantSandbox; apps/merchant-sandbox runs it alone.
 */
export * from './sandbox';
export type { MerchantUser, MerchantUserChanges, NewMerchantUser } from './merchant-user';
export type { PushInbox, PushOutage, ReceivedPush } from './push-inbox';
export type { SignatureMode, SignaturePolicy, SignatureVerdict } from './sandbox-options';
export { DEFAULT_TOKEN_TTL_SECONDS, MerchantUserStore, UserAlreadyExistsError } from './user-store';

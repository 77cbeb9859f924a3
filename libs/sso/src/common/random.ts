/** Lengths of sso-service's opaque values (random base62 from @dcp/signing): 32 characters ≈ 190 bits. */
export { randomBase62, sha256Hex } from '@dcp/signing';

export const TOKEN_LENGTH = 32;
export const OPEN_ID_LENGTH = 32;
export const CLIENT_ID_LENGTH = 24;
export const CLIENT_SECRET_LENGTH = 48;

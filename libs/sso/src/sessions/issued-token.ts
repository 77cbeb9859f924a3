/** A freshly issued opaque token: the raw value goes to the client once; only its hash is stored. */
import { TOKEN_LENGTH, randomBase62, sha256Hex } from '../common/random';

export interface IssuedToken {
  token: string;
  hash: string;
  expiresAt: Date;
}

/** `now` in epoch milliseconds (the runtime clock). */
export function issueToken(ttlSeconds: number, now: number): IssuedToken {
  const token = randomBase62(TOKEN_LENGTH);
  return { token, hash: sha256Hex(token), expiresAt: new Date(now + ttlSeconds * 1000) };
}

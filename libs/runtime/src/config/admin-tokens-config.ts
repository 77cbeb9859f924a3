/**
 * The admin API's bearer tokens (docs/decisions.md AU1): ADMIN_TOKENS names each token and gives it a role,
 * ADMIN_TOKEN stays one token with full access named `admin`. Messages name an entry by its position only:
 * fields in the wrong order would put a token where a name or role was expected.
 */
import { ADMIN_ROLES, type AdminRole } from '@dcp/contracts';

export interface AdminTokenConfig {
  /** Shown in the audit log and by GET /admin/v1/session. */
  readonly name: string;
  readonly role: AdminRole;
  readonly token: string;
}

/** The name ADMIN_TOKEN's token goes by. */
export const ADMIN_TOKEN_NAME = 'admin';
/** Shortest token ADMIN_TOKEN and ADMIN_TOKENS accept in production (a guessable token is an open door; SDA4). */
export const MIN_PRODUCTION_TOKEN_LENGTH = 32;
/** The admin token of the embedded development platform started without ADMIN_TOKEN (SDA2); refused in production. */
export const DEV_ADMIN_TOKEN = 'dev-admin-token';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Why ADMIN_TOKENS (or its combination with ADMIN_TOKEN) is refused. */
export class AdminTokensError extends Error {}

/**
 * `name:role:token` entries separated by commas (`alice:full:…,ci-bot:read-only:…`); white space around an
 * entry is ignored. A name is 1–64 letters, digits, `.`, `_` or `-` (starting with a letter or digit), unique
 * regardless of letter case; a role is full or read-only; a token is everything after the second colon, without
 * white space or commas, unique, and in production at least 32 characters long and not the development default.
 */
export function parseAdminTokens(raw: string, production: boolean): AdminTokenConfig[] {
  if (raw.trim() === '') return [];
  return raw.split(',').map((part, i) => parseEntry(part.trim(), i + 1, production));
}

function parseEntry(entry: string, position: number, production: boolean): AdminTokenConfig {
  const where = `ADMIN_TOKENS entry ${position}`;
  if (entry === '') throw new AdminTokensError(`${where} is empty (entries are name:role:token, separated by commas)`);
  const first = entry.indexOf(':');
  const second = first < 0 ? -1 : entry.indexOf(':', first + 1);
  // Without two colons the entry may be a bare token: say nothing of its content.
  if (second < 0) throw new AdminTokensError(`${where} is not name:role:token`);
  const name = entry.slice(0, first);
  const role = entry.slice(first + 1, second);
  const token = entry.slice(second + 1);
  if (name === '') throw new AdminTokensError(`${where} has an empty name`);
  // Neither the name nor the role is echoed: fields in the wrong order would put the token there.
  if (!NAME.test(name)) throw new AdminTokensError(`${where}: the name must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  if (!(ADMIN_ROLES as readonly string[]).includes(role)) throw new AdminTokensError(`${where}: the role must be ${ADMIN_ROLES.join(' or ')} (entries are name:role:token)`);
  if (token === '') throw new AdminTokensError(`${where} has an empty token`);
  if (/\s/.test(token)) throw new AdminTokensError(`${where}: the token contains white space`);
  refuseWeakInProduction(where, token, production);
  return { name, role: role as AdminRole, token };
}

/** ADMIN_TOKEN's value: in production at least 32 characters and not the development default. */
export function parseAdminToken(token: string, production: boolean): string {
  refuseWeakInProduction('ADMIN_TOKEN', token, production);
  return token;
}

/** Messages name the variable or entry, never the token. */
function refuseWeakInProduction(where: string, token: string, production: boolean): void {
  if (!production) return;
  if (token === DEV_ADMIN_TOKEN) throw new AdminTokensError(`${where}: the development default token is refused when NODE_ENV=production`);
  if (token.length < MIN_PRODUCTION_TOKEN_LENGTH) {
    throw new AdminTokensError(`${where}: the token must be at least ${MIN_PRODUCTION_TOKEN_LENGTH} characters when NODE_ENV=production`);
  }
}

/** ADMIN_TOKEN's token (first, named `admin`, full access) and ADMIN_TOKENS' together: names and tokens unique. */
export function combineAdminTokens(adminToken: string | undefined, named: readonly AdminTokenConfig[]): AdminTokenConfig[] {
  const all = [...(adminToken ? [{ name: ADMIN_TOKEN_NAME, role: 'full' as const, token: adminToken }] : []), ...named];
  const describe = (t: AdminTokenConfig) => (adminToken && t === all[0] ? 'ADMIN_TOKEN' : `ADMIN_TOKENS entry ${named.indexOf(t) + 1}`);
  for (let i = 0; i < all.length; i++) {
    for (let j = 0; j < i; j++) {
      if (all[i].name.toLowerCase() === all[j].name.toLowerCase()) {
        throw new AdminTokensError(`${describe(all[i])}: its name is already taken by ${describe(all[j])}`);
      }
      if (all[i].token === all[j].token) throw new AdminTokensError(`${describe(all[i])}: the same token as ${describe(all[j])}`);
    }
  }
  return all;
}

/**
 * Who can reach the edge's ports (docs/decisions.md SDA1–SDA6): the addresses they listen on (HOST,
 * ADMIN_HOST: loopback unless told, the image says 0.0.0.0), the Host names the admin port answers
 * (ADMIN_ALLOWED_HOSTS beside the loopback names and IP literals, so DNS rebinding fails), and how many
 * failed admin authentications one address may make per window before it is refused with AD0429.
 */
import { isIP } from 'node:net';

/** Listen address outside a container: only this machine reaches the port. */
export const DEFAULT_LISTEN_HOST = '127.0.0.1';

/** Failed admin authentications (AD0401) one source address may make per window; then AD0429 until it ends. */
export interface AdminAuthLimits {
  readonly failuresPerAddress: number;
  readonly windowMs: number;
}

/** A listen address: an IP literal (a name such as `localhost` may resolve to ::1 only, or to several). */
export function parseListenHost(name: string, raw: string | undefined): { value: string } | { invalid: string } {
  const value = (raw ?? '').trim() || DEFAULT_LISTEN_HOST;
  const bare = value.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(bare)) return { invalid: `${name} must be an IP address to listen on (127.0.0.1, ::1, 0.0.0.0, ::, or one interface's address), got "${value}"` };
  return { value: bare };
}

/** 127.0.0.0/8, ::1 and 127.x written as IPv4-mapped IPv6: only this machine can connect. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return (isIP(v4) === 4 && v4.startsWith('127.')) || bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

const LABEL = '[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST_NAME = new RegExp(`^${LABEL}(\\.${LABEL})*$`);

/**
 * ADMIN_ALLOWED_HOSTS: comma-separated host names without port (`gateway-edge-admin`, `admin.example.com`),
 * or `*.example.com` for every name under example.com (not example.com itself). Lower-cased; a trailing dot
 * is dropped. A bare `*` is refused: it would switch the check off.
 */
export function parseAllowedHosts(raw: string | undefined): { value: string[] } | { invalid: string } {
  const entries = (raw ?? '').split(',').map((e) => e.trim().toLowerCase().replace(/\.$/, ''));
  const out: string[] = [];
  for (const [i, entry] of entries.entries()) {
    if (entry === '') continue;
    const name = entry.startsWith('*.') ? entry.slice(2) : entry;
    if (!HOST_NAME.test(name) && !isIP(name.replace(/^\[(.*)\]$/, '$1'))) {
      return { invalid: `ADMIN_ALLOWED_HOSTS entry ${i + 1} must be a host name without port, or *.<domain>, got "${entry}"` };
    }
    out.push(entry);
  }
  return { value: out };
}

/**
 * The admin port answers only the Host names it serves (docs/decisions.md SDA3), so a web page whose name is
 * rebound to 127.0.0.1 (DNS rebinding) cannot reach it from the developer's browser: `localhost`, any IP literal
 * (a browser sends an IP as Host only when the page itself was loaded from that address: rebinding needs a DNS
 * name) and the names of ADMIN_ALLOWED_HOSTS (`*.domain`: any name under domain), any port. Checked first, on
 * every route of the port (/admin/v1/*, the OpenAPI document, /console/), before authentication.
 */
import { isIP } from 'node:net';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import type { FastifyInstance } from 'fastify';

/** The name of a Host header without its port, lower-cased, a trailing dot dropped; IPv6 without brackets. */
function hostName(header: string): string | undefined {
  const h = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d*)?$/.exec(h);
  if (bracketed) return bracketed[1];
  const named = /^([^:[\]]+)(?::\d*)?$/.exec(h);
  return named ? named[1].replace(/\.$/, '') : undefined;
}

export function adminHostAllowed(header: string | undefined, allowedHosts: readonly string[]): boolean {
  const name = header ? hostName(header) : undefined;
  if (!name) return false;
  if (name === 'localhost' || isIP(name)) return true;
  return allowedHosts.some((allowed) => (allowed.startsWith('*.') ? name.endsWith(allowed.slice(1)) : name === allowed));
}

/** Registers the check on the admin port's Fastify instance, before any route or plugin (their contexts inherit it). */
export function registerAdminHostCheck(fastify: FastifyInstance, allowedHosts: readonly string[]): void {
  fastify.addHook('onRequest', async (req) => {
    const host = req.headers.host;
    if (adminHostAllowed(host, allowedHosts)) return;
    const named = host === undefined ? 'no Host header' : `the Host ${JSON.stringify(host.slice(0, 100))}`;
    throw new PlatformError(
      ErrorCode.ADMIN_VALIDATION_FAILED,
      `${named} is not a name this admin port serves: use localhost or an IP address, or add the name to ADMIN_ALLOWED_HOSTS`,
    );
  });
}

/**
 * What `npm start` tells the newcomer once the platform is ready (its /health/ready answered 200) (docs/decisions.md LG6): in development a plain
 * banner with the addresses, after the JSON log lines; in production nothing but the JSON line. The admin
 * token is shown only when it is the development default (ADMIN_TOKEN and ADMIN_TOKENS unset): a token the
 * operator chose is never printed, nor logged; the names of ADMIN_TOKENS' tokens are (they are no secret).
 * It says where the ports listen: loopback only, or other hosts too (HOST, ADMIN_HOST; SDA1).
 */
import { ADMIN_TOKEN_NAME, type PlatformConfig, isLoopbackAddress } from '@dcp/runtime';

export interface StartedPlatform {
  publicUrl: string;
  adminUrl: string;
  /** Where each port listens, `address:port` (EdgeServers). */
  publicAddress: string;
  adminAddress: string;
  /** Seconds from the process's launch to /health/ready answering 200. */
  seconds: number;
}

/** The plain-text banner, or undefined in production (NODE_ENV=production: every line is JSON). */
export function startupBanner(config: Pick<PlatformConfig, 'production' | 'mode' | 'dataDir' | 'adminTokens' | 'adminTokenIsDevDefault'>, up: StartedPlatform): string | undefined {
  if (config.production) return undefined;
  const where = config.mode === 'embedded' ? `embedded: data in ${config.dataDir}` : 'distributed: PostgreSQL + NATS';
  const { publicUrl, adminUrl } = up;
  return (
    [
      '',
      `Device Cloud Platform is ready (${where}), ${up.seconds.toFixed(1)} s after launch`,
      `  public API  ${publicUrl}   (/sso/*, /gateway, /stream, /health/ready, /metrics)`,
      `  API docs    ${publicUrl}/docs   (OpenAPI: ${publicUrl}/openapi.json)`,
      `  console     ${adminUrl}/console/   (the operator console: sign in with an admin token)`,
      `  admin API   ${adminUrl}/admin/v1   (OpenAPI: ${adminUrl}/admin/v1/openapi.json)`,
      adminTokenLine(config),
      listeningLine(up),
      '',
    ].join('\n') + '\n'
  );
}

function listeningLine(up: StartedPlatform): string {
  const address = (bound: string) => bound.slice(0, bound.lastIndexOf(':'));
  const exposed = [up.publicAddress, up.adminAddress].filter((bound) => !isLoopbackAddress(address(bound)));
  if (exposed.length === 0) return `  listening   ${up.publicAddress} and ${up.adminAddress}: this machine only (HOST, ADMIN_HOST)`;
  return `  listening   ${up.publicAddress} and ${up.adminAddress}: ${exposed.join(' and ')} reachable from other hosts (HOST, ADMIN_HOST)`;
}

function adminTokenLine(config: Pick<PlatformConfig, 'adminTokens' | 'adminTokenIsDevDefault'>): string {
  const tokens = config.adminTokens;
  if (config.adminTokenIsDevDefault) return `  admin token ${tokens[0].token}   (the development default: set ADMIN_TOKEN or ADMIN_TOKENS to choose)`;
  if (tokens.length === 1 && tokens[0].name === ADMIN_TOKEN_NAME) return '  admin token the one in ADMIN_TOKEN (not shown)';
  return `  admin tokens ${tokens.map((t) => `${t.name} (${t.role})`).join(', ')}   (from ADMIN_TOKEN / ADMIN_TOKENS, not shown)`;
}

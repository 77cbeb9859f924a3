/**
 * What `npm start` tells the newcomer once the platform is up (docs/decisions.md LG6): in development a plain
 * banner with the addresses, after the JSON log lines; in production nothing but the JSON line. The admin
 * token is shown only when it is the development default (ADMIN_TOKEN unset): a token the operator chose is
 * never printed, nor logged.
 */
import type { PlatformConfig } from '@dcp/runtime';

export interface StartedPlatform {
  publicUrl: string;
  adminUrl: string;
  /** Seconds from start to listening. */
  seconds: number;
}

/** The plain-text banner, or undefined in production (NODE_ENV=production: every line is JSON). */
export function startupBanner(config: Pick<PlatformConfig, 'production' | 'mode' | 'dataDir' | 'adminToken' | 'adminTokenIsDevDefault'>, up: StartedPlatform): string | undefined {
  if (config.production) return undefined;
  const where = config.mode === 'embedded' ? `embedded: data in ${config.dataDir}` : 'distributed: PostgreSQL + NATS';
  const { publicUrl, adminUrl } = up;
  return (
    [
      '',
      `Device Cloud Platform is up (${where}) in ${up.seconds.toFixed(1)} s`,
      `  public API  ${publicUrl}   (/sso/*, /gateway, /stream, /health/ready, /metrics)`,
      `  API docs    ${publicUrl}/docs   (OpenAPI: ${publicUrl}/openapi.json)`,
      `  admin API   ${adminUrl}/admin/v1   (OpenAPI: ${adminUrl}/admin/v1/openapi.json)`,
      config.adminTokenIsDevDefault ? `  admin token ${config.adminToken}   (the development default: set ADMIN_TOKEN to choose one)` : '  admin token the one in ADMIN_TOKEN (not shown)',
      '',
    ].join('\n') + '\n'
  );
}

/**
 * The whole platform in one process: every service module plus the edge over one RuntimeContext.
 * Embedded by default (PGlite + in-process bus); with DATABASE_URL and NATS_URL it runs the same modules
 * against PostgreSQL and NATS. End-to-end specs start it the same way.
 */
import 'reflect-metadata';
import { DeviceModule } from '@dcp/device';
import { type EdgeServers, startEdgeServers } from '@dcp/edge';
import { FirmwareModule } from '@dcp/firmware';
import { PermissionModule } from '@dcp/permission';
import type { Logger } from '@dcp/observability';
import { type PlatformConfig, type Runtime, type RuntimeOverrides, createRuntime } from '@dcp/runtime';
import { SsoModule } from '@dcp/sso';
import { StorageModule } from '@dcp/storage';
import { PushModule } from '@dcp/push';

export const SERVICE_MODULES = [SsoModule, DeviceModule, PermissionModule, StorageModule, FirmwareModule, PushModule];

export interface Platform {
  runtime: Runtime;
  edge: EdgeServers;
  close(): Promise<void>;
}

export async function startPlatform(
  config: PlatformConfig,
  opts: { overrides?: RuntimeOverrides; port?: number; adminPort?: number; host?: string; logger?: Logger } = {},
): Promise<Platform> {
  const runtime = await createRuntime(config, opts.overrides);
  try {
    const edge = await startEdgeServers(runtime, {
      serviceModules: SERVICE_MODULES,
      port: opts.port,
      adminPort: opts.adminPort,
      host: opts.host,
      logger: opts.logger,
    });
    return {
      runtime,
      edge,
      close: async () => {
        await edge.close();
        await runtime.close();
      },
    };
  } catch (err) {
    await runtime.close();
    throw err;
  }
}

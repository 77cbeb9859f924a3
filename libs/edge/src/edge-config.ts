import type { PlatformConfig } from '@dcp/runtime';

/** What the edge's injected classes read of the platform's configuration (RUNTIME_CONFIG): the admin tokens and the admin change limits. */
export type EdgeConfig = Pick<PlatformConfig, 'adminTokens' | 'adminChangeLimits'>;

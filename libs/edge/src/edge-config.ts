import type { EdgeSettings } from '@dcp/runtime';

/** What the edge's injected classes read of the configuration (RUNTIME_CONFIG): its own settings, the admin tokens and change limits. */
export type EdgeConfig = Pick<EdgeSettings, 'adminTokens' | 'adminChangeLimits'>;

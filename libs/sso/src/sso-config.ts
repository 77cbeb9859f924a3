import type { PlatformConfig } from '@dcp/runtime';

/** What sso-service reads of the platform's configuration (injected as RUNTIME_CONFIG): secrets keys, merchant call limits, sub-service addresses. */
export type SsoConfig = Pick<
  PlatformConfig,
  'secretsKey' | 'secretsKeyPrevious' | 'merchantCalls' | 'merchantAllowPrivateNetworks' | 'pushQueryUrl' | 'pushSendUrl' | 'publicStoreUrl' | 'voiceAssistantUrl'
>;

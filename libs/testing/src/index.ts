export * from './infra';
export * from './http';
export * from './clock';
export * from './nats-server';
export * from './app-process';
export * from './private-infra';
export * from './postgres-server';
export * from './pg-sql-client';
export * from './request-path-client';
export * from './collector';
export * from './messaging-tables';
export * from './raw-events';
export * from './mpeg-ts';
export * from './media-tools';
export * from './events';
// The exposition-format parser lives with the metrics (libs/observability); specs keep importing it from here.
export { parsePrometheusText, type PrometheusSample, type PrometheusScrape } from '@dcp/observability';
export * from './counted';
export * from './recorded-spans';
export * from './shutdown-load';
export * from './held-tcp-proxy';
export * from './factories';
// Local FCM and APNs speaking the providers' wire protocols, for push-service's sender specs.
export { FcmTestServer, FCM_TEST_SCOPE, type FcmServiceAccount, type FcmFailure, type FcmTestServerOptions, type FcmWireMessage, type ReceivedFcmMessage } from './push-providers/fcm-test-server';
export { ApnsTestServer, type ApnsSigningKey, type ApnsFailure, type ApnsTestServerOptions, type ReceivedApnsNotification } from './push-providers/apns-test-server';
export * from './memory-page';
export * from './query-plans';

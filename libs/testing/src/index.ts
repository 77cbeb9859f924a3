export * from './infra';
export * from './http';
export * from './clock';
export * from './nats-server';
export * from './app-process';
export * from './private-infra';
export * from './postgres-server';
export * from './pg-sql-client';
export * from './collector';
export * from './messaging-tables';
export * from './raw-events';
export * from './mpeg-ts';
export * from './events';
// The exposition-format parser lives with the metrics (libs/observability); specs keep importing it from here.
export { parsePrometheusText, type PrometheusSample, type PrometheusScrape } from '@dcp/observability';
export * from './counted';
export * from './recorded-spans';
export * from './shutdown-load';
export * from './held-tcp-proxy';

export * from './infra';
export * from './http';
export * from './clock';
export * from './nats-server';
export * from './pg-sql-client';
export * from './collector';
export * from './messaging-tables';
export * from './raw-events';

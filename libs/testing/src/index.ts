export * from './infra';
export * from './http';
export * from './clock';
export * from './nats-server';
export * from './pg-sql-client';

export * from './api';
export * from './adapters';
export * from './migration-files';
export * from './migration-status';
export * from './migrations';
export * from './service-database';
export * from './service-definitions';
export * from './errors';

export * from './infra';
export * from './http';

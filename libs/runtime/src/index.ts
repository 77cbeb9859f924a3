export * from './config';
export * from './context';
export * from './create-runtime';
export * from './runtime.module';
export * from './health.module';
export * from './pending-operations';
export * from './bootstrap-service';
export * from './pending-service.module';

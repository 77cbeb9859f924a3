export * from './call-context';
export * from './metrics';
export * from './tracing';
export * from './logging';

export * from './active-tracer';
export * from './call-context-headers';
export * from './event-call-context';
export * from './messaging-spans';
export * from './spans';
export * from './start-tracing';
export * from './trace-ids';

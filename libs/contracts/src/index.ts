export * from './error-codes';
export * from './platform-error';
export * from './envelope';
export * from './gateway-catalog';
export * from './events';
export * from './rpc';
export * from './asyncapi';
export * from './sso-admin';

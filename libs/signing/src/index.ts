export * from './signing';
export * from './verify';
export * from './md5';

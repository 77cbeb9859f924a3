export * from './signing';
export * from './verify';
export * from './md5';
export * from './secret-box';
export * from './random';
export * from './secret-reencryption';
export * from './camera-upload';
export * from './camera-alarm';

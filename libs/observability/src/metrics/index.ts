export * from './metric-catalogue';
export * from './platform-metrics';
export * from './prometheus-text';

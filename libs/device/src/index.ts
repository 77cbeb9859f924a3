export * from './device.module';

export * from './firmware.module';

export * from './storage.module';

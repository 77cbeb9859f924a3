export * from './permission.module';

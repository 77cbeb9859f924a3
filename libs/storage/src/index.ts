/** storage-service (issue: cloud storage). Only the module is public; its data and types stay inside. */
export { StorageModule } from './storage.module';

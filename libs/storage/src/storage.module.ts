import { pendingServiceModule } from '@dcp/runtime';

/** storage-service: its operations are specified for a later issue; until then they answer 009999. */
export const StorageModule = pendingServiceModule('storage');

import { pendingServiceModule } from '@dcp/runtime';

/** permission-service: its operations are specified for a later issue; until then they answer 009999. */
export const PermissionModule = pendingServiceModule('permission');

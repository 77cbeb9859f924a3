import { pendingServiceModule } from '@dcp/runtime';

/** device-service: its operations are specified for a later issue; until then they answer 009999. */
export const DeviceModule = pendingServiceModule('device');

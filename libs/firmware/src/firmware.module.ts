import { pendingServiceModule } from '@dcp/runtime';

/** firmware-service: its operations are specified for a later issue; until then they answer 009999. */
export const FirmwareModule = pendingServiceModule('firmware');

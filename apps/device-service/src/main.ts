import { DeviceModule } from '@dcp/device';
import { bootstrapService } from '@dcp/runtime';

void bootstrapService('device-service', DeviceModule);

import { DeviceModule } from '@dcp/device';
import { bootstrapService } from '@dcp/runtime';
import { startTracing } from '@dcp/observability';

startTracing('device-service');
void bootstrapService('device-service', DeviceModule);

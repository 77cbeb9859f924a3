import { FirmwareModule } from '@dcp/firmware';
import { bootstrapService } from '@dcp/runtime';
import { startTracing } from '@dcp/observability';

startTracing('firmware-service');
void bootstrapService('firmware-service', FirmwareModule);

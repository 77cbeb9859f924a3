import { FirmwareModule } from '@dcp/firmware';
import { bootstrapService } from '@dcp/runtime';

void bootstrapService('firmware-service', FirmwareModule);

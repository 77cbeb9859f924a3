import { StorageModule } from '@dcp/storage';
import { bootstrapService } from '@dcp/runtime';
import { startTracing } from '@dcp/observability';

startTracing('storage-service');
void bootstrapService('storage-service', StorageModule);

import { StorageModule } from '@dcp/storage';
import { bootstrapService } from '@dcp/runtime';

void bootstrapService('storage-service', StorageModule);

import { PermissionModule } from '@dcp/permission';
import { bootstrapService } from '@dcp/runtime';

void bootstrapService('permission-service', PermissionModule);

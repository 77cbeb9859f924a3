import { PermissionModule } from '@dcp/permission';
import { bootstrapService } from '@dcp/runtime';
import { startTracing } from '@dcp/observability';

startTracing('permission-service');
void bootstrapService('permission-service', PermissionModule);

import { PushModule } from '@dcp/push';
import { bootstrapService } from '@dcp/runtime';
import { startTracing } from '@dcp/observability';

startTracing('push-service');
void bootstrapService('push-service', PushModule);

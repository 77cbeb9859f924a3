import { SsoModule } from '@dcp/sso';
import { bootstrapService } from '@dcp/runtime';
import { startTracing } from '@dcp/observability';

startTracing('sso-service');
void bootstrapService('sso-service', SsoModule);

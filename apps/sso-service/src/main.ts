import { SsoModule } from '@dcp/sso';
import { bootstrapService } from '@dcp/runtime';

void bootstrapService('sso-service', SsoModule);

/** permission-service (issue: permissions). Only the module is public; its data and types stay inside. */
export { PermissionModule } from './permission.module';

/** permission-service (issue: permissions). Only the module is public; its data and types stay inside. */
export { PermissionModule } from './permission.module';
/** Override with a fake clock in specs that need grants to start or end. */
export { PERMISSION_CLOCK, type Clock } from './shared/clock';

/** device-service (issue: devices). Only the module is public; its data and types stay inside. */
export { DeviceModule } from './device.module';

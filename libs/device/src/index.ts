/** device-service (issue: devices). Only the module is public; its data and types stay inside. */
export { DeviceModule } from './device.module';
/** Override with a fake clock in tests that need the force-unbind window crossed. */
export { DEVICE_CLOCK, type Clock } from './common/clock';

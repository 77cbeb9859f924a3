/** firmware-service (issue: firmware). Only the module is public; its data and types stay inside. */
export { FirmwareModule } from './firmware.module';
/** Override with a fake clock in specs that need release times. */
export { FIRMWARE_CLOCK, type Clock } from './shared/clock';

/** firmware-service (issue: firmware). Only the module is public; its data and types stay inside. */
export { FirmwareModule } from './firmware.module';

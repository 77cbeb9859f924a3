/** push-service (alarms and the message center). Only the module is public; its data and types stay inside. */
export { PushModule } from './push.module';

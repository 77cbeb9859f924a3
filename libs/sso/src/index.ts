/** sso-service (issue: single sign-on). Only the module is public; its data and types stay inside. */
export { SsoModule } from './sso.module';

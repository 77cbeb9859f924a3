/** sso-service (issue: single sign-on). Only the module is public; its data and types stay inside. */
export { SsoModule } from './sso.module';
/** Override with a fake clock in end-to-end tests that need tokens to expire. */
export { SSO_CLOCK, type Clock } from './common/clock';

/**
 * Admin token roles (ADMIN_TOKENS): `full` may change things, `read-only` may only read. The platform
 * enforces this (AD0403); the console hides what a role cannot do so an operator is not offered a refusal.
 */
export type AdminRole = 'full' | 'read-only';

export interface AdminSession {
  readonly name: string;
  readonly role: AdminRole;
}

export const canChange = (session: AdminSession | undefined): boolean => session?.role === 'full';

export const roleLabel = (role: AdminRole): string => (role === 'full' ? 'full access' : 'read only');

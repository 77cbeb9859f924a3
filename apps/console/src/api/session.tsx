/**
 * The signed-in operator: the admin token (kept in sessionStorage, so closing the tab signs out and no other
 * site or later visitor finds it) and who the platform says it belongs to (GET /admin/v1/session).
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { AdminSession } from '../lib/roles';
import { type AdminApi, createAdminApi, unwrap } from './client';

const STORAGE_KEY = 'dcp-console-admin-token';

interface SessionState {
  readonly token: string;
  readonly session: AdminSession;
}

interface SessionContextValue {
  readonly current: SessionState | undefined;
  readonly api: AdminApi | undefined;
  /** Asks the platform who the token is; throws the ProblemError of a refused token. */
  signIn(token: string): Promise<void>;
  signOut(): void;
}

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

export async function whoIs(token: string): Promise<AdminSession> {
  const session = await unwrap(createAdminApi(token).GET('/admin/v1/session'));
  return { name: session.name, role: session.role };
}

export function SessionProvider({ children, initial }: { children: ReactNode; initial?: SessionState }) {
  const [current, setCurrent] = useState<SessionState | undefined>(initial);
  const signIn = useCallback(async (token: string) => {
    const session = await whoIs(token);
    sessionStorage.setItem(STORAGE_KEY, token);
    setCurrent({ token, session });
  }, []);
  const signOut = useCallback(() => {
    sessionStorage.removeItem(STORAGE_KEY);
    setCurrent(undefined);
  }, []);
  const api = useMemo(() => (current ? createAdminApi(current.token) : undefined), [current]);
  const value = useMemo(() => ({ current, api, signIn, signOut }), [current, api, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The token this tab signed in with before a reload, if any. */
export const storedToken = (): string | null => sessionStorage.getItem(STORAGE_KEY);

/** Forgets a stored token the platform no longer accepts. */
export const forgetStoredToken = (): void => sessionStorage.removeItem(STORAGE_KEY);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The API of the signed-in operator (pages are only rendered when signed in). */
export function useApi(): AdminApi {
  const { api } = useSession();
  if (!api) throw new Error('useApi without a session');
  return api;
}

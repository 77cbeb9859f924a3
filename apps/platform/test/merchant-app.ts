/**
 * A merchant as the platform meets it in end-to-end specs: registered through the admin API, with its
 * reference server (apps/merchant-sandbox) answering over real HTTP, its app signing users in with signed
 * form POSTs (spec 5.1) and calling the gateway with the issued credentials (spec 4.4).
 */
import { signedHeaders } from '@dcp/signing';
import { getQuery, postForm, requestJson, type HttpResult } from '@dcp/testing';
// The reference merchant is a separate party on the network, not a dependency of the platform.
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import type { TestPlatform } from './harness';

export type Body = Record<string, unknown>;

/** What a signed-in user's app holds: the gateway's common user parameters. */
export interface Credentials {
  clientId: string;
  openId: string;
  accessToken: string;
}

export interface SignedInUser {
  uuid: string;
  credentials: Credentials;
  refreshToken: string;
}

export class MerchantApp {
  private readonly usedSeconds = new Map<string, Set<number>>();

  private constructor(
    private readonly t: TestPlatform,
    readonly site: MerchantSandbox,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  /** Starts the merchant's server and registers the merchant with the platform. */
  static async register(t: TestPlatform, name = 'Acme Cameras'): Promise<MerchantApp> {
    const site = await startMerchantSandbox();
    const res = await admin(t, 'POST', '/merchants', { name, tokenValidationUrl: `${site.url}/idp/is_valid_token`, userProfileUrl: `${site.url}/idp/get_user_profile` });
    if (res.status !== 201) throw new Error(`merchant registration failed: ${res.status} ${JSON.stringify(res.body)}`);
    return new MerchantApp(t, site, String(res.body.clientId), String(res.body.clientSecret));
  }

  close(): Promise<void> {
    return this.site.close();
  }

  /** A signed SSO POST with a form body. Repeating the same request signs it at another second (a replay is refused). */
  async sso(path: string, params: Record<string, string>): Promise<HttpResult<Body>> {
    const key = `${path}?${new URLSearchParams(params)}`;
    const used = this.usedSeconds.get(key) ?? new Set<number>();
    this.usedSeconds.set(key, used);
    // The same request again within its second: sign it a second earlier (still inside the 15 s window).
    let second = Math.floor(this.t.clock.now() / 1000);
    while (used.has(second)) second--;
    used.add(second);
    const headers = signedHeaders({ method: 'POST', path, params, clientId: this.clientId, clientSecret: this.clientSecret, now: second * 1000 });
    return postForm<Body>(this.t.baseUrl, path, params, headers);
  }

  /** A new merchant user signed in to the platform. */
  async signIn(name: string): Promise<SignedInUser> {
    const user = this.site.store.create({ username: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, name });
    const res = await this.sso('/sso/authorize_by_token', { token: this.site.store.issueToken(user.uuid)! });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return {
      uuid: user.uuid,
      credentials: { clientId: this.clientId, openId: String(res.body.openId), accessToken: String(res.body.accessToken) },
      refreshToken: String(res.body.refreshToken),
    };
  }

  /** The merchant deletes the user on its side, then tells the platform (spec 4.1 user_callback DELETE). */
  async deleteUser(uuid: string): Promise<HttpResult<Body>> {
    this.site.store.delete(uuid);
    return this.sso('/sso/user_callback', { operation: 'DELETE', uuid });
  }

  /** GET /gateway?service=… with the user's credentials in the query string. */
  get(service: string, who: Credentials | undefined, params: Record<string, string | number> = {}): Promise<HttpResult<Body>> {
    return getQuery<Body>(this.t.baseUrl, '/gateway', { service, ...(who ?? {}), ...params });
  }

  /** POST /gateway?service=… with a form body carrying the credentials and parameters. */
  post(service: string, who: Credentials | undefined, params: Record<string, string | number> = {}): Promise<HttpResult<Body>> {
    return postForm<Body>(this.t.baseUrl, `/gateway?service=${encodeURIComponent(service)}`, { ...(who ?? {}), ...params });
  }
}

/** The operator's admin API (`Authorization: Bearer <ADMIN_TOKEN>`). */
export function admin(t: TestPlatform, method: string, path: string, body?: unknown): Promise<HttpResult<Body>> {
  return requestJson<Body>(method, `${t.adminUrl}/admin/v1${path}`, body, { authorization: `Bearer ${t.adminToken}` });
}

/** The form fields of addOemDevice (spec 4.4) for a MAC, with overrides. */
export function deviceForm(macAddr: string, overrides: Record<string, string | number> = {}): Record<string, string | number> {
  return {
    macAddr,
    deviceName: 'Front door',
    username: 'admin',
    password: 'c2VjcmV0',
    hasusertag: 2,
    supportStore: 1,
    supportRichMedia: 0,
    productName: 'DoorCam 3',
    oemCode: 'ACME',
    ...overrides,
  };
}

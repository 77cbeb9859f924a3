/**
 * Signed SSO requests (spec 5.1) against two replicas of sso-service — the component that verifies them — and
 * force-unbind signs (spec 4.4) against two replicas of device-service, as properties over random valid requests
 * (docs/decisions.md R1, R2, D12–D15). The replicas run as built processes behind one built gateway-edge, on one
 * private nats-server and one throwaway PostgreSQL database, as pods do: NATS hands each request to either
 * replica (a queue group), and the used-signature stores are the shared `sso.used_signature` and
 * `device.used_force_sign` tables. Which replica served a request is read from the replicas' own `/metrics`
 * (`dcp_service_operations_total`, counted before the reply leaves), so the properties know where each
 * signature was accepted and where its replays were refused.
 *
 * - A signature accepted by one replica is refused (OP0044) by the other replica and by itself, in either hex
 *   case and whichever way its parameters travel (form, JSON, query string). Copies sent at once: one is accepted.
 * - Changing any signed part — a parameter's value, an added, dropped or renamed parameter, the path, the client
 *   time within the window, the secret, the signing merchant, a hex digit of the sign — is refused (OP0043), and
 *   the refusal consumes nothing: the request as signed is accepted afterwards.
 * - The ±15 s window holds both ways. The processes run on the system clock, so requests are signed at most
 *   15 − 8 s or at least 15 + 8 s away from now: 8 s absorb far more than the time between signing here and
 *   checking there. The exact edge (15 s accepted, 16 s refused) is pinned with the platform's injectable clock in
 *   signed-parts.e2e.spec.ts.
 * - The force-unbind sign likewise: a changed part (a hex digit, the timeStamp, the delKey, the MAC's spelling) is
 *   refused (DV0043) and consumes nothing; the sign as made is used up once (020041: no device has that MAC, D15)
 *   and both replicas refuse it after (DV0044); copies sent at once are used once; ±300 s holds both ways, here
 *   with 30 s margins (the exact edge is in signed-parts.e2e.spec.ts).
 */
import { migrateService, serviceDatabase } from '@dcp/database';
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { md5Hex, signedHeaders } from '@dcp/signing';
import { type AppProcess, type PrivateInfra, buildApps, describeWithInfra, freePort, parsePrometheusText, startApp, startPrivateInfra, waitForStatus } from '@dcp/testing';
import fc from 'fast-check';
import { documentedCodes } from './documented-codes';

jest.setTimeout(180_000);

const ADMIN_TOKEN = 'replay-admin-token';
const SSO_OPERATIONS = ['authorize_by_token', 'refresh_token', 'user_callback'] as const;
const FORCE_UNBIND = 'user_ipc_setting_v2_0.delOemDeviceForce';
type SsoOperation = (typeof SSO_OPERATIONS)[number];
type Placement = 'form' | 'json' | 'query';

const CODES = { mismatch: 'OP0043', skew: 'OP0042', replayed: 'OP0044' } as const;
const SIGNATURE_CODES = new Set(['OP0041', 'OP0042', 'OP0043', 'OP0044', 'OP0045']);
/** The window of spec 5.1 and the distance kept from its edge on a live clock. */
const WINDOW_SECONDS = 15;
const MARGIN_SECONDS = 8;
/** Replays of one signature until both replicas have refused it: NATS picks a replica at random each time. */
const MAX_REPLAYS = 30;

interface ValidRequest {
  operation: SsoOperation;
  params: Record<string, string>;
  placement: Placement;
}

interface Signer {
  clientId: string;
  clientSecret: string;
}

interface Answer {
  status: number;
  errorCode: string;
  /** Index of the replica that served the request (0 or 1). */
  replica: number;
}

/** Two processes of one service, and how many requests of the given operations each has served so far. */
interface ReplicaPair {
  service: 'sso' | 'device';
  operations: readonly string[];
  metricsUrls: string[];
  served: number[];
}

describeWithInfra(['postgres'], 'signed requests across two replicas of the verifying service (processes)', () => {
  let infra: PrivateInfra | undefined;
  let merchantSite: MerchantSandbox | undefined;
  const apps: AppProcess[] = [];
  let base: string;
  let adminBase: string;
  const ssoReplicas: ReplicaPair = { service: 'sso', operations: SSO_OPERATIONS, metricsUrls: [], served: [] };
  const deviceReplicas: ReplicaPair = { service: 'device', operations: [FORCE_UNBIND], metricsUrls: [], served: [] };
  let manufacturer: { oemCode: string; delKey: string };
  let merchant: Signer;
  let otherMerchant: Signer;
  let validTokens: string[];
  let documented: ReadonlyMap<string, ReadonlySet<string>>;
  let forceCodes: ReadonlySet<string>;

  /** Requests of the pair's operations each replica has served so far (every outcome). */
  async function servedCounts(pair: ReplicaPair): Promise<number[]> {
    return Promise.all(
      pair.metricsUrls.map(async (url) => {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        const scrape = parsePrometheusText(await res.text());
        return scrape
          .find('dcp_service_operations_total', { service: pair.service })
          .filter((s) => pair.operations.includes(s.labels.operation))
          .reduce((n, s) => n + s.value, 0);
      }),
    );
  }

  /** Runs one request and finds the replica that served it: exactly one counted exactly one more. */
  async function attributed(pair: ReplicaPair, request: () => Promise<{ status: number; errorCode: string }>): Promise<Answer> {
    const answer = await request();
    const after = await servedCounts(pair);
    const deltas = after.map((n, i) => n - pair.served[i]);
    pair.served = after;
    expect(deltas.slice().sort()).toEqual([0, 1]);
    return { ...answer, replica: deltas.indexOf(1) };
  }

  async function post(path: string, params: Record<string, string>, headers: Record<string, string>, placement: Placement): Promise<{ status: number; errorCode: string }> {
    const url = new URL(path, base);
    const init: RequestInit = { method: 'POST', headers: { ...headers } };
    if (placement === 'query') for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    else if (placement === 'form') init.body = new URLSearchParams(params);
    else init.body = JSON.stringify(params);
    if (placement === 'json') (init.headers as Record<string, string>)['content-type'] = 'application/json';
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const body = (await res.json()) as { errorCode?: unknown };
    return { status: res.status, errorCode: String(body.errorCode) };
  }

  const send = (path: string, params: Record<string, string>, headers: Record<string, string>, placement: Placement) => attributed(ssoReplicas, () => post(path, params, headers, placement));

  const sign = (req: ValidRequest, signer: Signer, nowMs: number, path = `/sso/${req.operation}`) =>
    signedHeaders({ method: 'POST', path, params: req.params, clientId: signer.clientId, clientSecret: signer.clientSecret, now: nowMs });

  function expectRefused(answer: Answer, code: string, path: string): void {
    expect({ status: answer.status, errorCode: answer.errorCode }).toEqual({ status: 401, errorCode: code });
    expect(documented.get(path)?.has(code)).toBe(true);
  }

  /** Accepted: the answer is the operation's own (a login, or a documented refusal of the token or user), never a signature code. */
  function expectAccepted(answer: { errorCode: string }, path: string): void {
    expect(SIGNATURE_CODES.has(answer.errorCode)).toBe(false);
    expect(answer.errorCode === '' || (answer.errorCode !== '000099' && documented.get(path)?.has(answer.errorCode))).toBe(true);
  }

  async function registerMerchant(name: string, site: MerchantSandbox): Promise<Signer> {
    const res = await fetch(`${adminBase}/admin/v1/merchants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, tokenValidationUrl: `${site.url}/idp/is_valid_token`, userProfileUrl: `${site.url}/idp/get_user_profile` }),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status !== 201) throw new Error(`merchant registration failed: ${res.status} ${JSON.stringify(body)}`);
    return { clientId: String(body.clientId), clientSecret: String(body.clientSecret) };
  }

  beforeAll(async () => {
    buildApps('gateway-edge', 'sso-service', 'device-service');
    infra = await startPrivateInfra({ database: 'dcp_signature_replay' });
    for (const service of ['sso', 'device'] as const) await migrateService(serviceDatabase(service), { kind: 'postgres', url: infra.databaseUrl });
    merchantSite = await startMerchantSandbox();
    const common = { ...infra.appEnv(), ADMIN_TOKEN, MERCHANT_ALLOW_PRIVATE_NETWORKS: 'true' };
    // Every process starts at once; each is then awaited until it answers ready.
    const starting: Promise<void>[] = [];
    for (const pair of [ssoReplicas, ssoReplicas, deviceReplicas, deviceReplicas]) {
      const healthPort = await freePort();
      const app = startApp(`${pair.service}-service`, { ...common, HEALTH_PORT: String(healthPort) });
      apps.push(app);
      pair.metricsUrls.push(`http://127.0.0.1:${healthPort}/metrics`);
      starting.push(waitForStatus(`http://127.0.0.1:${healthPort}/health/ready`, 200, app, 120_000));
    }
    const [port, adminPort, edgeHealthPort] = [await freePort(), await freePort(), await freePort()];
    const edge = startApp('gateway-edge', { ...common, PORT: String(port), ADMIN_PORT: String(adminPort), HEALTH_PORT: String(edgeHealthPort) });
    apps.push(edge);
    base = `http://127.0.0.1:${port}`;
    adminBase = `http://127.0.0.1:${adminPort}`;
    starting.push(waitForStatus(`${base}/health/ready`, 200, edge, 120_000));
    await Promise.all(starting);
    merchant = await registerMerchant('Replay Cameras', merchantSite);
    otherMerchant = await registerMerchant('Other Cameras', merchantSite);
    validTokens = ['Ada', 'Ben', 'Cleo'].map((name) => {
      const user = merchantSite!.store.create({ username: `${name.toLowerCase()}@example.com`, name });
      return merchantSite!.store.issueToken(user.uuid, 86_400)!;
    });
    const codes = await documentedCodes(base);
    documented = codes.sso;
    forceCodes = codes.gateway.get(FORCE_UNBIND) ?? new Set();
    const registered = await fetch(`${adminBase}/admin/v1/manufacturers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oemCode: 'REPLAY-OPTICS', name: 'Replay Optics' }),
    });
    const body = (await registered.json()) as Record<string, unknown>;
    if (registered.status !== 201) throw new Error(`manufacturer registration failed: ${registered.status} ${JSON.stringify(body)}`);
    manufacturer = { oemCode: 'REPLAY-OPTICS', delKey: String(body.delKey) };
    for (const pair of [ssoReplicas, deviceReplicas]) pair.served = await servedCounts(pair);
  });

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await merchantSite?.close();
    await infra?.close();
  });

  // Names and values avoid `&` and `=`: spec 4.2 joins `name=value` pairs unencoded, so a value holding them could
  // re-split into the same signed text as another parameter set (see libs/signing/src/signature.properties.spec.ts).
  const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,11}$/);
  const value = fc.string({ unit: 'grapheme', maxLength: 24 }).filter((v) => !/[&=]/.test(v));

  /**
   * Every generated request gets its own number `n`: the same parameters signed twice in one second are one
   * signature (R2), and two runs may well draw the same login. Replays are sent on purpose, never by chance.
   */
  let sequence = 0;
  const numbered = (req: ValidRequest): ValidRequest => ({ ...req, params: { ...req.params, n: String(++sequence) } });

  function validRequest(): fc.Arbitrary<ValidRequest> {
    const own: Record<SsoOperation, fc.Arbitrary<Record<string, string>>> = {
      authorize_by_token: fc.oneof(fc.constantFrom(...validTokens), fc.stringMatching(/^[A-Za-z0-9]{8,40}$/)).map((token) => ({ token })),
      refresh_token: fc.stringMatching(/^[A-Za-z0-9]{8,64}$/).map((refreshToken) => ({ refreshToken })),
      user_callback: fc.record({ operation: fc.constantFrom('UPDATE', 'DELETE'), uuid: fc.uuid() }),
    };
    return fc
      .record({ operation: fc.constantFrom(...SSO_OPERATIONS), extra: fc.dictionary(name, value, { maxKeys: 3 }), placement: fc.constantFrom<Placement>('form', 'json', 'query') })
      .chain(({ operation, extra, placement }) => own[operation].map((params) => ({ operation, placement, params: { ...extra, ...params } })));
  }

  /** A change of one signed part, or undefined when the random choice would change nothing. */
  type Tamper = (req: ValidRequest, nowMs: number) => { path: string; params: Record<string, string>; headers: Record<string, string> } | undefined;

  const tampers: fc.Arbitrary<Tamper>[] = [
    fc.tuple(fc.nat(), value).map(([i, v]): Tamper => (req, now) => {
      const keys = Object.keys(req.params);
      const key = keys[i % keys.length];
      return req.params[key] === v ? undefined : { path: `/sso/${req.operation}`, params: { ...req.params, [key]: v }, headers: sign(req, merchant, now) };
    }),
    fc.tuple(name, value).map(([k, v]): Tamper => (req, now) => (k in req.params ? undefined : { path: `/sso/${req.operation}`, params: { ...req.params, [k]: v }, headers: sign(req, merchant, now) })),
    fc.nat().map((i): Tamper => (req, now) => {
      const rest = { ...req.params };
      delete rest[Object.keys(rest)[i % Object.keys(rest).length]];
      return { path: `/sso/${req.operation}`, params: rest, headers: sign(req, merchant, now) };
    }),
    fc.tuple(fc.nat(), name).map(([i, k]): Tamper => (req, now) => {
      if (k in req.params) return undefined;
      const keys = Object.keys(req.params);
      const old = keys[i % keys.length];
      const renamed: Record<string, string> = { ...req.params, [k]: req.params[old] };
      delete renamed[old];
      return { path: `/sso/${req.operation}`, params: renamed, headers: sign(req, merchant, now) };
    }),
    fc.constantFrom(...SSO_OPERATIONS).map((other): Tamper => (req, now) => (other === req.operation ? undefined : { path: `/sso/${other}`, params: req.params, headers: sign(req, merchant, now) })),
    fc.integer({ min: -MARGIN_SECONDS, max: MARGIN_SECONDS }).filter((d) => d !== 0).map((d): Tamper => (req, now) => {
      const headers = sign(req, merchant, now);
      return { path: `/sso/${req.operation}`, params: req.params, headers: { ...headers, 'x-client-time': String(Number(headers['x-client-time']) + d) } };
    }),
    fc.stringMatching(/^[A-Za-z0-9]{48}$/).map((secret): Tamper => (req, now) => ({ path: `/sso/${req.operation}`, params: req.params, headers: sign(req, { clientId: merchant.clientId, clientSecret: secret }, now) })),
    fc.constant((req: ValidRequest, now: number) => ({ path: `/sso/${req.operation}`, params: req.params, headers: { ...sign(req, merchant, now), 'x-client-Id': otherMerchant.clientId } })),
    fc.tuple(fc.nat(63), fc.integer({ min: 1, max: 15 })).map(([at, by]): Tamper => (req, now) => {
      const headers = sign(req, merchant, now);
      const digit = ((parseInt(headers.sign[at], 16) + by) % 16).toString(16);
      return { path: `/sso/${req.operation}`, params: req.params, headers: { ...headers, sign: `${headers.sign.slice(0, at)}${digit}${headers.sign.slice(at + 1)}` } };
    }),
  ];

  it('documents the signature codes on every SSO endpoint', () => {
    for (const op of SSO_OPERATIONS) for (const code of SIGNATURE_CODES) expect(documented.get(`/sso/${op}`)?.has(code)).toBe(true);
  });

  it('a changed signed part is refused and consumes nothing; the request as signed is accepted once, then every replica refuses it', async () => {
    const acceptedBy = new Set<number>();
    await fc.assert(
      fc.asyncProperty(validRequest(), fc.array(fc.oneof(...tampers), { minLength: 1, maxLength: 2 }), fc.context(), async (generated, tamperList, ctx) => {
        const req = numbered(generated);
        const path = `/sso/${req.operation}`;
        for (const tamper of tamperList) {
          // A fresh second each time: a tampered request must be refused for its change, never as a replay.
          const changed = tamper(req, Date.now());
          if (!changed) continue;
          const answer = await send(changed.path, changed.params, changed.headers, req.placement);
          ctx.log(`tampered → replica ${answer.replica}: ${answer.errorCode}`);
          expectRefused(answer, CODES.mismatch, changed.path);
        }
        const headers = sign(req, merchant, Date.now());
        const first = await send(path, req.params, headers, req.placement);
        expectAccepted(first, path);
        acceptedBy.add(first.replica);
        const refusedBy = new Set<number>();
        for (let attempt = 0; attempt < MAX_REPLAYS && refusedBy.size < 2; attempt++) {
          // The same signature in either letter case, its parameters moved to another placement: still the same request.
          const replayHeaders = attempt % 2 === 1 ? { ...headers, sign: headers.sign.toUpperCase() } : headers;
          const placement = (['form', 'json', 'query'] as const)[attempt % 3];
          const replay = await send(path, req.params, replayHeaders, placement);
          expectRefused(replay, CODES.replayed, path);
          refusedBy.add(replay.replica);
        }
        expect([...refusedBy].sort()).toEqual([0, 1]);
      }),
      { numRuns: 40 },
    );
    // Each replica accepted some signatures that the other then refused.
    expect([...acceptedBy].sort()).toEqual([0, 1]);
  });

  it('the same signature sent many times at once is accepted exactly once, wherever the copies land', async () => {
    await fc.assert(
      fc.asyncProperty(validRequest(), fc.integer({ min: 2, max: 8 }), async (generated, copies) => {
        const req = numbered(generated);
        const path = `/sso/${req.operation}`;
        const headers = sign(req, merchant, Date.now());
        const answers = await Promise.all(Array.from({ length: copies }, (_, i) => post(path, req.params, i % 2 ? { ...headers, sign: headers.sign.toUpperCase() } : headers, req.placement)));
        const refused = answers.filter((a) => a.errorCode === CODES.replayed);
        expect(refused).toHaveLength(copies - 1);
        expect(refused.every((a) => a.status === 401)).toBe(true);
        expectAccepted(answers.find((a) => a.errorCode !== CODES.replayed)!, path);
        // Every copy reached a replica.
        const after = await servedCounts(ssoReplicas);
        expect(after[0] - ssoReplicas.served[0] + after[1] - ssoReplicas.served[1]).toBe(copies);
        ssoReplicas.served = after;
      }),
      { numRuns: 20 },
    );
  });

  it(`the window holds both ways: within ${WINDOW_SECONDS - MARGIN_SECONDS} s accepted, ${WINDOW_SECONDS + MARGIN_SECONDS} s or more refused as skew`, async () => {
    const inside = fc.integer({ min: -(WINDOW_SECONDS - MARGIN_SECONDS), max: WINDOW_SECONDS - MARGIN_SECONDS });
    const outside = fc.tuple(fc.integer({ min: WINDOW_SECONDS + MARGIN_SECONDS, max: 86_400 }), fc.boolean()).map(([s, late]) => (late ? -s : s));
    await fc.assert(
      fc.asyncProperty(validRequest(), outside, inside, async (generated, outsideSeconds, insideSeconds) => {
        const req = numbered(generated);
        const path = `/sso/${req.operation}`;
        const skewed = await send(path, req.params, sign(req, merchant, Date.now() + outsideSeconds * 1000), req.placement);
        expectRefused(skewed, CODES.skew, path);
        const within = await send(path, req.params, sign(req, merchant, Date.now() + insideSeconds * 1000), req.placement);
        expectAccepted(within, path);
      }),
      { numRuns: 30 },
    );
  });
  describe('the force-unbind sign (delOemDeviceForce) across two device-service replicas', () => {
    /** The force-unbind window (decisions D13) and the distance kept from its edge on a live clock. */
    const FORCE_WINDOW_SECONDS = 300;
    const FORCE_MARGIN_SECONDS = 30;
    let macSequence = 0;
    /** A MAC nobody has bound (a verified sign is used up, then finds no device: 020041, D15); `7E` gives it letters to re-case. */
    const newMac = () => (0x7e0000000000 + ++macSequence).toString(16).toUpperCase();
    const spellings = fc.constantFrom<(mac: string) => string>((m) => m, (m) => m.toLowerCase(), (m) => m.match(/../g)!.join(':'), (m) => m.match(/../g)!.join('-'));
    const stampAt = (inMs: boolean, offsetSeconds: number) => (inMs ? String(Date.now() + offsetSeconds * 1000) : String(Math.floor(Date.now() / 1000) + offsetSeconds));
    const forceForm = (mac: string, timeStamp: string, delKey = manufacturer.delKey) => ({ mac, timeStamp, oemCode: manufacturer.oemCode, sign: md5Hex(`${mac}${timeStamp}${delKey}`) });

    async function forceOnce(form: Record<string, string>): Promise<{ status: number; errorCode: string }> {
      const res = await fetch(`${base}/gateway?service=${FORCE_UNBIND}`, { method: 'POST', body: new URLSearchParams(form), signal: AbortSignal.timeout(30_000) });
      return { status: res.status, errorCode: String(((await res.json()) as { errorCode?: unknown }).errorCode) };
    }
    const force = (form: Record<string, string>) => attributed(deviceReplicas, () => forceOnce(form));
    const expectForce = (answer: Answer, code: string) => {
      expect({ status: answer.status, errorCode: answer.errorCode }).toEqual({ status: 200, errorCode: code });
      expect(forceCodes.has(code)).toBe(true);
    };

    type Form = ReturnType<typeof forceForm>;
    const tampers: fc.Arbitrary<(form: Form) => Form>[] = [
      fc.tuple(fc.nat(31), fc.integer({ min: 1, max: 15 })).map(([at, by]) => (form: Form) => ({ ...form, sign: `${form.sign.slice(0, at)}${((parseInt(form.sign[at], 16) + by) % 16).toString(16)}${form.sign.slice(at + 1)}` })),
      fc.integer({ min: -FORCE_MARGIN_SECONDS, max: FORCE_MARGIN_SECONDS }).filter((d) => d !== 0).map((d) => (form: Form) => ({ ...form, timeStamp: String(Number(form.timeStamp) + d) })),
      fc.stringMatching(/^[A-Za-z0-9]{32}$/).map((key) => (form: Form) => forceForm(form.mac, form.timeStamp, key)),
      // The same device spelled otherwise: the sign covers the MAC as sent (D14).
      fc.constant((form: Form) => ({ ...form, mac: form.mac === form.mac.toLowerCase() ? form.mac.toUpperCase() : form.mac.toLowerCase() })),
    ];

    it('a changed signed part is refused (DV0043) and consumes nothing; the sign as made is used up once, then both replicas refuse it (DV0044)', async () => {
      const acceptedBy = new Set<number>();
      await fc.assert(
        fc.asyncProperty(spellings, fc.boolean(), fc.array(fc.oneof(...tampers), { minLength: 1, maxLength: 2 }), async (spell, inMs, tamperList) => {
          const form = forceForm(spell(newMac()), stampAt(inMs, 0));
          for (const tamper of tamperList) expectForce(await force(tamper(form)), 'DV0043');
          const first = await force(form);
          expectForce(first, '020041');
          acceptedBy.add(first.replica);
          const refusedBy = new Set<number>();
          for (let attempt = 0; attempt < MAX_REPLAYS && refusedBy.size < 2; attempt++) {
            const replay = await force(attempt % 2 === 1 ? { ...form, sign: form.sign.toUpperCase() } : form);
            expectForce(replay, 'DV0044');
            refusedBy.add(replay.replica);
          }
          expect([...refusedBy].sort()).toEqual([0, 1]);
        }),
        { numRuns: 30 },
      );
      expect([...acceptedBy].sort()).toEqual([0, 1]);
    });

    it('the same sign sent many times at once is used exactly once, wherever the copies land', async () => {
      await fc.assert(
        fc.asyncProperty(spellings, fc.integer({ min: 2, max: 8 }), async (spell, copies) => {
          const form = forceForm(spell(newMac()), stampAt(false, 0));
          const answers = await Promise.all(Array.from({ length: copies }, () => forceOnce(form)));
          expect(answers.map((a) => a.errorCode).sort()).toEqual(['020041', ...Array<string>(copies - 1).fill('DV0044')]);
          deviceReplicas.served = await servedCounts(deviceReplicas);
        }),
        { numRuns: 15 },
      );
    });

    it(`the window holds both ways: within ${FORCE_WINDOW_SECONDS - FORCE_MARGIN_SECONDS} s accepted, ${FORCE_WINDOW_SECONDS + FORCE_MARGIN_SECONDS} s or more refused (DV0042), in seconds and in milliseconds`, async () => {
      const inside = fc.integer({ min: -(FORCE_WINDOW_SECONDS - FORCE_MARGIN_SECONDS), max: FORCE_WINDOW_SECONDS - FORCE_MARGIN_SECONDS });
      const outside = fc.tuple(fc.integer({ min: FORCE_WINDOW_SECONDS + FORCE_MARGIN_SECONDS, max: 86_400 }), fc.boolean()).map(([s, late]) => (late ? -s : s));
      await fc.assert(
        fc.asyncProperty(fc.boolean(), outside, inside, async (inMs, outsideSeconds, insideSeconds) => {
          const mac = newMac();
          expectForce(await force(forceForm(mac, stampAt(inMs, outsideSeconds))), 'DV0042');
          expectForce(await force(forceForm(mac, stampAt(inMs, insideSeconds))), '020041');
        }),
        { numRuns: 30 },
      );
    });
  });
});

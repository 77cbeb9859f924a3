/**
 * Starts the reference merchant programmatically (tests, the demo, the benchmark) or from main.ts.
 * Port 0 picks an ephemeral port; `url` is the address to give the platform.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger, createLogger, fastifyLogging, nestLogger } from '@dcp/observability';
import { MerchantSandboxModule } from './sandbox.module';
import { SandboxSettings, type SignaturePolicy, type SignatureVerdict } from './sandbox-options';
import { PushInbox } from './push-inbox';
import { MerchantUserStore } from './user-store';

export interface MerchantSandboxOptions {
  /** Default 0 (ephemeral). */
  port?: number;
  /** Default 127.0.0.1 (as main.ts, unless SANDBOX_HOST says otherwise). */
  host?: string;
  /** Verify the platform's signatures with this secret (spec 5.1). */
  clientSecret?: string;
  /** With clientSecret: also require signed calls to carry this x-client-Id. */
  clientId?: string;
  /** With clientSecret: refuse unsigned calls too. */
  requireSignature?: boolean;
  /** Clock in epoch milliseconds (default Date.now), for token expiry and signature skew. */
  now?: () => number;
  /**
   * The pino logger the sandbox's own lines go to, with `context: "merchant-sandbox"`: what its IdP answered
   * (info), refused signatures (warn), one line per request (debug). Default: none (tests, the demo and the
   * benchmark embed it quietly); apps/merchant-sandbox passes the process's logger (LOG_LEVEL).
   */
  logger?: Logger;
}

export interface MerchantSandbox {
  /** e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  /** The merchant's users and tokens, for tests that seed or inspect them directly. */
  store: MerchantUserStore;
  app: NestFastifyApplication;
  /** Change the signature policy while running (e.g. once the platform has issued the clientSecret). */
  configureSignature(policy: Partial<SignaturePolicy>): void;
  /** Verdicts of the calls whose signature was checked, oldest first (last 100). */
  signatureVerdicts(): SignatureVerdict[];
  /** The merchant's push server (`POST {url}/push`, the platform's webhook provider): what arrived, and knobs. */
  pushes: PushInbox;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startMerchantSandbox(options: MerchantSandboxOptions = {}): Promise<MerchantSandbox> {
  const { port = 0, host = '127.0.0.1', clientSecret, clientId, requireSignature = false, now = Date.now } = options;
  const logger = (options.logger ?? createLogger({ level: 'silent' })).child({ context: 'merchant-sandbox' });
  const settings = new SandboxSettings(now, { clientSecret, clientId, requireSignature });
  const store = new MerchantUserStore(now);
  const pushes = new PushInbox(now);
  // The platform's pushes arrive as forms (decisions PS10): Nest's Fastify adapter parses them.
  const adapter = new FastifyAdapter(fastifyLogging(logger));
  const app = await NestFactory.create<NestFastifyApplication>(
    MerchantSandboxModule.forRoot(store, settings, logger, pushes),
    adapter,
    // Nest's own lines go to the process's logger, as every Nest app of the platform's (never stdout in colour).
    { logger: nestLogger() },
  );
  await app.listen(port, host);
  const address = app.getHttpServer().address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${urlHost(host)}:${boundPort}`,
    store,
    app,
    configureSignature: (policy) => settings.setSignaturePolicy({ requireSignature: false, ...policy }),
    signatureVerdicts: () => settings.signatureVerdicts(),
    pushes,
    close: () => app.close(),
  };
}

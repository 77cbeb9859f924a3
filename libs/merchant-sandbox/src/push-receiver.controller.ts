/**
 * `POST /push`: the reference merchant's push server. The platform POSTs each push as a form signed with the
 * spec 5.1 headers (method POST, this path, the decoded form and query parameters, the merchant's secret); a
 * signature that does not match is refused (401) like on the merchant's other endpoints, and an unsigned push
 * too once the merchant's secret is configured.
 */
import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Logger } from '@dcp/observability';
import { readSignatureHeaders, verifySignature } from '@dcp/signing';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PushInbox } from './push-inbox';
import { type ParsedQuery, singleValued } from './query-params';
import { SANDBOX_LOGGER, SandboxSettings } from './sandbox-options';

@Controller('push')
export class PushReceiverController {
  constructor(
    private readonly inbox: PushInbox,
    private readonly settings: SandboxSettings,
    @Inject(SANDBOX_LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @HttpCode(200)
  receive(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const form = defined(typeof request.body === 'object' && request.body !== null ? singleValued(request.body as ParsedQuery) : {});
    const params = { ...defined(singleValued((request.query ?? {}) as ParsedQuery)), ...form };
    const { clientSecret } = this.settings.signaturePolicy;
    let verified = false;
    if (clientSecret) {
      const result = verifySignature({ method: 'POST', path: request.url.split('?', 1)[0], params, headers: readSignatureHeaders(request.headers), clientSecrets: [clientSecret], now: this.settings.now() });
      this.settings.record({ method: 'POST', path: '/push', verified: result.ok, ...(result.ok ? {} : { reason: `signature refused: ${result.reason}` }) });
      if (!result.ok) {
        this.logger.warn(`POST /push: signature refused (${result.reason})`);
        void reply.status(401).send({ errorCode: 'MS0403', failureDetails: `signature refused: ${result.reason}` });
        return;
      }
      verified = true;
    }
    const answer = this.inbox.take(form, verified);
    this.logger.info(`push ${form.deliveryId ?? '?'} for ${form.uuid ?? '?'}: answered ${answer.status}`);
    void reply.status(answer.status).headers(answer.headers).send(answer.status === 200 ? { errorCode: '' } : { errorCode: `MS${answer.status}`, failureDetails: 'push not taken' });
  }
}

function defined(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined));
}

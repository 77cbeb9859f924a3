/**
 * Management API: set the secret the platform signs with (after registering the sandbox as a merchant) and
 * read the verdicts of the calls checked so far. The secret itself is never returned.
 */
import { Body, Controller, Get, Put } from '@nestjs/common';
import { SandboxSettings, type SignatureMode, type SignatureVerdict } from './sandbox-options';
import { SandboxError, sandboxFailure } from './sandbox-errors';
import { parseBody, signaturePolicyBody } from './sandbox.schemas';

export interface SignatureStatus {
  mode: SignatureMode;
  clientId: string | null;
  verdicts: SignatureVerdict[];
}

@Controller('sandbox/signature')
export class SandboxSignatureController {
  constructor(private readonly settings: SandboxSettings) {}

  @Get()
  status(): SignatureStatus {
    return { mode: this.settings.signatureMode, clientId: this.settings.signaturePolicy.clientId ?? null, verdicts: this.settings.signatureVerdicts() };
  }

  @Put()
  configure(@Body() body: unknown): SignatureStatus {
    const { clientSecret, clientId, requireSignature = false } = parseBody(signaturePolicyBody, body);
    if (requireSignature && !clientSecret) throw sandboxFailure(SandboxError.BadRequest, 'requireSignature needs a clientSecret');
    this.settings.setSignaturePolicy({ clientSecret: clientSecret ?? undefined, clientId: clientId ?? undefined, requireSignature });
    return this.status();
  }
}

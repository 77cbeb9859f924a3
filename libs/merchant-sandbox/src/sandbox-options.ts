/**
 * The sandbox's signature policy and its record of verdicts. Mutable on purpose: the platform issues the
 * merchant's clientSecret when the merchant is registered, and registering needs the sandbox's URL — so the
 * secret usually arrives after the sandbox has started (PUT /sandbox/signature, or configureSignature()).
 */

/** Injection token of the pino logger the sandbox's own lines go to (MerchantSandboxOptions.logger). */
export const SANDBOX_LOGGER = Symbol('merchant-sandbox logger');

export interface SignaturePolicy {
  /** The clientSecret the platform signs its calls with; unset = signatures are not checked. */
  clientSecret?: string;
  /** When set, a signed call must carry this x-client-Id. */
  clientId?: string;
  /** Refuse unsigned calls too (needs clientSecret). Otherwise only calls carrying signature headers are checked. */
  requireSignature: boolean;
}

export type SignatureMode = 'off' | 'when-present' | 'required';

export interface SignatureVerdict {
  /** Epoch milliseconds. */
  at: number;
  method: string;
  path: string;
  verified: boolean;
  /** Why a call was refused. */
  reason?: string;
}

/** How many verdicts are kept (oldest dropped first). */
export const VERDICTS_KEPT = 100;

export class SandboxSettings {
  private policy: SignaturePolicy = { requireSignature: false };
  private readonly verdicts: SignatureVerdict[] = [];

  /** @param now clock in epoch milliseconds (signature time skew, token expiry). */
  constructor(
    readonly now: () => number,
    policy: SignaturePolicy,
  ) {
    this.setSignaturePolicy(policy);
  }

  get signaturePolicy(): Readonly<SignaturePolicy> {
    return this.policy;
  }

  get signatureMode(): SignatureMode {
    if (!this.policy.clientSecret) return 'off';
    return this.policy.requireSignature ? 'required' : 'when-present';
  }

  setSignaturePolicy(policy: SignaturePolicy): void {
    if (policy.requireSignature && !policy.clientSecret) throw new Error('requireSignature needs a clientSecret');
    this.policy = { clientSecret: policy.clientSecret || undefined, clientId: policy.clientId || undefined, requireSignature: policy.requireSignature };
  }

  record(verdict: Omit<SignatureVerdict, 'at'>): void {
    this.verdicts.push({ at: this.now(), ...verdict });
    if (this.verdicts.length > VERDICTS_KEPT) this.verdicts.shift();
  }

  /** Verdicts of the calls that were checked, oldest first. */
  signatureVerdicts(): SignatureVerdict[] {
    return this.verdicts.map((v) => ({ ...v }));
  }
}

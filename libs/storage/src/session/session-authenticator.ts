/**
 * Authenticates a stream call (spec 4.5): the sessionToken must be MD5(subtoken + timestamp) with the subtoken
 * (spec 2.7) of the device's owner. Owner and subtoken come from the facts this replica keeps from
 * device-service's and sso-service's answers and events (session-facts.ts, decisions RP1–RP3); a call the
 * kept owner would refuse is checked again against device-service, so a stale fact never refuses a new owner.
 * Playback and ingest ask device-service for the current owner every time (CS11, CS12).
 */
import { Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import type { UnixTime } from '@dcp/contracts';
import { SessionFacts } from './session-facts';
import { sessionTokenMatches } from './session-rules';

export interface StreamSession {
  macAddr: string;
  timestamp: UnixTime;
  sessionToken: string;
}

/** Whether a user's subtoken signed the session. */
type Verdict = 'signed' | 'not signed' | 'account gone';

@Injectable()
export class SessionAuthenticator {
  constructor(private readonly facts: SessionFacts) {}

  /** The owner's userId; 020041 when the device has no owner, 030040 when the sessionToken does not match. */
  async authenticate(session: StreamSession): Promise<number> {
    const knownOwner = this.facts.knownOwner(session.macAddr);
    let knownVerdict: Verdict | undefined;
    if (knownOwner !== undefined) {
      knownVerdict = await this.signedBy(knownOwner, session);
      if (knownVerdict === 'signed') return knownOwner;
    }
    // Nothing kept, or a refusal: device-service says who owns the device now (it may have changed hands).
    const owner = await this.facts.currentOwner(session.macAddr);
    if (owner === undefined) throw noOwner(session.macAddr);
    const verdict = owner === knownOwner && knownVerdict ? knownVerdict : await this.signedBy(owner, session);
    // The owner's account is gone (deleted; its devices are being unbound): the device has no owner any more.
    if (verdict === 'account gone') throw noOwner(session.macAddr);
    if (verdict === 'not signed') {
      throw new PlatformError(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH, 'sessionToken does not match (MD5 of the device owner\'s subtoken + timestamp)');
    }
    return owner;
  }

  /** The device's current owner as device-service answers it now, or undefined. */
  currentOwner(macAddr: string): Promise<number | undefined> {
    return this.facts.currentOwner(macAddr);
  }

  private async signedBy(userId: number, session: StreamSession): Promise<Verdict> {
    const subtoken = await this.facts.subtoken(userId);
    if (subtoken === null) return 'account gone';
    return sessionTokenMatches(subtoken, session.timestamp.raw, session.sessionToken) ? 'signed' : 'not signed';
  }
}

export function noOwner(macAddr: string): PlatformError {
  return new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, `device ${macAddr} has no owner`);
}

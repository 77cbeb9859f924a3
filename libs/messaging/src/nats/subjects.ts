/** Subject prefixing for test isolation: `T_ABC.` + `dcp.sso.user.deleted.v1`. Production uses no prefix. */
import { EVENT_SUBJECT_WILDCARD } from '@dcp/contracts';

export class SubjectSpace {
  readonly prefix: string;

  constructor(prefix = '') {
    this.prefix = prefix === '' || prefix.endsWith('.') ? prefix : `${prefix}.`;
  }

  get streamSubjects(): string[] {
    return [this.wire(EVENT_SUBJECT_WILDCARD)];
  }

  wire(subject: string): string {
    return this.prefix + subject;
  }

  /** The event subject of a wire subject, or undefined when it is outside this space. */
  event(wireSubject: string): string | undefined {
    return wireSubject.startsWith(this.prefix) ? wireSubject.slice(this.prefix.length) : undefined;
  }
}

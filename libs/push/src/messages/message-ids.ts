/** The `messageIds` parameter: message ids (UUIDs) separated by commas, at most PUSH_LIMITS.maxMessageIds. */
import { ErrorCode, PUSH_LIMITS, PlatformError } from '@dcp/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function parseMessageIds(text: string): string[] {
  const ids = [...new Set(text.split(',').map((id) => id.trim().toLowerCase()).filter((id) => id !== ''))];
  if (ids.length === 0) throw invalid('names no message');
  if (ids.length > PUSH_LIMITS.maxMessageIds) throw invalid(`names more than ${PUSH_LIMITS.maxMessageIds} messages`);
  const bad = ids.find((id) => !UUID.test(id));
  if (bad !== undefined) throw invalid(`${JSON.stringify(bad.slice(0, 40))} is not a message id`);
  return ids;
}

const invalid = (why: string) => new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `invalid parameter messageIds: ${why}`);

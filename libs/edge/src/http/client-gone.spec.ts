import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import type { Logger } from '@nestjs/common';
import { ErrorCode } from '@dcp/contracts';
import { CLIENT_GONE_DETAILS, isClientGone } from './client-gone';
import { toPlatformError } from './to-platform-error';

/** The error Node gives a server reading a body whose connection closed half-way (what the body parser sees). */
async function abortedBodyError(): Promise<unknown> {
  let seen: (err: unknown) => void = () => undefined;
  const error = new Promise<unknown>((resolve) => (seen = resolve));
  const server = createServer((req: IncomingMessage) => {
    req.on('error', seen);
    req.resume();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc', () => socket.destroy());
  try {
    return await error;
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

const logger = () => ({ error: jest.fn() }) as unknown as Logger & { error: jest.Mock };

describe('a request whose client went away (decisions AB4)', () => {
  it('is recognised from the error Node raises, answered as a bad request and not logged as a failure', async () => {
    const err = await abortedBodyError();
    expect(isClientGone(err)).toBe(true);
    const log = logger();
    const answer = toPlatformError(err, ErrorCode.FC_INVALID_PARAMETER, { logger: log, requestId: 'r-1' });
    expect(answer).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: CLIENT_GONE_DETAILS });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('leaves other errors, also other connection resets, to be logged as 000099', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(isClientGone(reset)).toBe(false);
    expect(isClientGone(Object.assign(new Error('aborted'), { code: 'ECANCELED' }))).toBe(false);
    const log = logger();
    expect(toPlatformError(reset, ErrorCode.FC_INVALID_PARAMETER, { logger: log, requestId: 'r-2' }).code).toBe(ErrorCode.FC_SYSTEM_ERROR);
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/^request r-2 failed: Error: socket hang up/));
  });
});

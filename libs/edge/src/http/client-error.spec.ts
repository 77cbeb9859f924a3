import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { answerClientError } from './client-error';

/** Sends raw bytes and resolves with everything the server wrote before it closed the connection. */
function raw(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.end(bytes);
  });
}

function parse(answer: string): { statusLine: string; body: unknown } {
  const [head, body] = answer.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], body: JSON.parse(body) };
}

describe('answerClientError (S14)', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify({ clientErrorHandler: answerClientError });
    app.get('/gateway', async () => ({ errorCode: '', failureDetails: '', data: 1 }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('answers raw non-ASCII bytes in the request line with 400 and the 000006 envelope', async () => {
    const request = Buffer.concat([Buffer.from('GET /gateway?service=x&clientId='), Buffer.from([0xe9]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]);
    expect(parse(await raw(port, request))).toEqual({
      statusLine: 'HTTP/1.1 400 Bad Request',
      body: { errorCode: '000006', failureDetails: 'malformed HTTP request (the request line and headers must be ASCII HTTP/1.1)' },
    });
  });

  it('answers a head over 16 KiB with 431 and the envelope', async () => {
    const request = Buffer.from(`GET /gateway?service=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(parse(await raw(port, request))).toEqual({
      statusLine: 'HTTP/1.1 431 Request Header Fields Too Large',
      body: { errorCode: '000006', failureDetails: 'the request line and headers exceed 16 KiB' },
    });
  });

  it('leaves well-formed requests to Fastify', async () => {
    const answer = await raw(port, Buffer.from('GET /gateway HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
  });
});

/**
 * The request mux (request-mux.ts, decisions PF5) against the machine's NATS: replies reach their own
 * request among many in flight, a subject nobody serves is refused at once, a timeout rejects and the late
 * reply is dropped, headers travel, and closing the connection rejects what is still waiting.
 */
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { describeWithInfra, TEST_NATS_URL, uniqueName } from '@dcp/testing';
import { NoRespondersError, RequestMux, RequestTimeoutError, RequestsClosedError } from './request-mux';

const text = (s: string) => new TextEncoder().encode(s);
const read = (d: Uint8Array) => new TextDecoder().decode(d);

describeWithInfra(['nats'], 'RequestMux on NATS', () => {
  let server: NatsConnection;
  let client: NatsConnection;
  let subject: string;
  beforeEach(async () => {
    server = await connect({ servers: TEST_NATS_URL });
    client = await connect({ servers: TEST_NATS_URL });
    subject = uniqueName('mux.test');
  });
  afterEach(async () => {
    await client.close();
    await server.close();
  });

  it('gives every request its own reply, with many in flight at once, and keeps no state once answered', async () => {
    // Replies in the reverse order of the requests: each still reaches its own caller.
    const held: { respond: () => void }[] = [];
    server.subscribe(subject, {
      callback: (_err, msg) => {
        held.push({ respond: () => msg.respond(text(`re:${read(msg.data)}:${msg.headers?.get('x-request-id') ?? ''}`)) });
        if (held.length === 50) for (const h of held.reverse()) h.respond();
      },
    });
    await server.flush();
    const mux = new RequestMux(client);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const h = headers();
        h.set('x-request-id', `r${i}`);
        return mux.request(subject, text(String(i)), { timeoutMs: 10_000, headers: h }).then((m) => read(m.data));
      }),
    );
    expect(replies).toEqual(Array.from({ length: 50 }, (_, i) => `re:${i}:r${i}`));
    expect(mux.inFlight).toBe(0);
  });

  it('refuses a subject nobody serves at once (no responders), long before the timeout', async () => {
    const mux = new RequestMux(client);
    const started = Date.now();
    await expect(mux.request(uniqueName('mux.nobody'), text('x'), { timeoutMs: 60_000 })).rejects.toBeInstanceOf(NoRespondersError);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(mux.inFlight).toBe(0);
  });

  it('rejects on timeout and drops the reply that comes after it', async () => {
    let respondLate!: () => void;
    const answeredLate = new Promise<void>((resolve) => {
      server.subscribe(subject, {
        callback: (_err, msg) => {
          respondLate = () => {
            msg.respond(text('late'));
            resolve();
          };
        },
      });
    });
    await server.flush();
    const mux = new RequestMux(client);
    await expect(mux.request(subject, text('x'), { timeoutMs: 200 })).rejects.toBeInstanceOf(RequestTimeoutError);
    expect(mux.inFlight).toBe(0);
    respondLate();
    await answeredLate;
    // The late reply arrives at a mux that forgot the request; the next request is answered normally.
    server.subscribe(`${subject}.next`, {
      callback: (_err, msg) => {
        msg.respond(text('ok'));
      },
    });
    await server.flush();
    expect(read((await mux.request(`${subject}.next`, text('y'), { timeoutMs: 10_000 })).data)).toBe('ok');
  });

  it('rejects the requests still waiting when the connection closes, and refuses new ones', async () => {
    server.subscribe(subject, { callback: () => undefined }); // never answers
    await server.flush();
    const mux = new RequestMux(client);
    const waiting = mux.request(subject, text('x'), { timeoutMs: 60_000 });
    await client.flush();
    await client.close();
    await expect(waiting).rejects.toBeInstanceOf(Error);
    expect(mux.inFlight).toBe(0);
    await expect(mux.request(subject, text('y'), { timeoutMs: 60_000 })).rejects.toBeInstanceOf(RequestsClosedError);
  });
});

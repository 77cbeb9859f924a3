import { MerchantCallGuard } from './merchant-call-guard';
import { UnreachableError } from '@dcp/runtime';

const limits = { maxConcurrent: 2, breakerFailures: 3, breakerResetMs: 60_000 };
const failing = () => Promise.reject(new UnreachableError('merchant answered HTTP 500'));

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(UnreachableError);
    return (err as Error).message;
  }
  throw new Error('expected the call to fail');
}

describe('MerchantCallGuard (decisions AB6)', () => {
  it('opens a merchant’s breaker after consecutive failures and then refuses without calling', async () => {
    const guard = new MerchantCallGuard(limits);
    for (let i = 0; i < 3; i++) expect(await reason(guard.run('m-1', failing))).toBe('merchant answered HTTP 500');
    const call = jest.fn(() => Promise.resolve('user'));
    expect(await reason(guard.run('m-1', call))).toBe('calls paused after 3 failures in a row, tried again after 60000 ms');
    expect(call).not.toHaveBeenCalled();
  });

  it('keeps other merchants’ breakers closed', async () => {
    const guard = new MerchantCallGuard(limits);
    for (let i = 0; i < 4; i++) await reason(guard.run('m-broken', failing));
    await expect(guard.run('m-fine', () => Promise.resolve('user'))).resolves.toBe('user');
  });

  it('does not count other errors (a refusal, a bug) as merchant failures', async () => {
    const guard = new MerchantCallGuard(limits);
    for (let i = 0; i < 5; i++) await expect(guard.run('m-1', () => Promise.reject(new TypeError('bug')))).rejects.toThrow(TypeError);
    await expect(guard.run('m-1', () => Promise.resolve('user'))).resolves.toBe('user');
  });

  it('a success in between resets the count of consecutive failures', async () => {
    const guard = new MerchantCallGuard(limits);
    for (let round = 0; round < 3; round++) {
      await reason(guard.run('m-1', failing));
      await reason(guard.run('m-1', failing));
      await expect(guard.run('m-1', () => Promise.resolve('user'))).resolves.toBe('user');
    }
  });

  it('refuses calls beyond the concurrency limit at once, per merchant, and admits again when one ends', async () => {
    const guard = new MerchantCallGuard(limits);
    const pending: (() => void)[] = [];
    const hanging = () => new Promise<string>((resolve) => pending.push(() => resolve('user')));
    const first = guard.run('m-1', hanging);
    const second = guard.run('m-1', hanging);
    expect(await reason(guard.run('m-1', hanging))).toBe('more than 2 calls to this merchant in progress');
    await expect(guard.run('m-2', () => Promise.resolve('other'))).resolves.toBe('other');
    pending.forEach((finish) => finish());
    await expect(Promise.all([first, second])).resolves.toEqual(['user', 'user']);
    await expect(guard.run('m-1', () => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('tells when a merchant’s breaker opens (with the last failure) and when a trial call closes it again', async () => {
    const events = { opened: jest.fn(), closed: jest.fn() };
    const guard = new MerchantCallGuard({ ...limits, breakerResetMs: 100 }, events);
    for (let i = 0; i < 3; i++) await reason(guard.run('m-1', failing));
    expect(events.opened).toHaveBeenCalledWith('m-1', 'merchant answered HTTP 500');
    expect(events.closed).not.toHaveBeenCalled();
    // The breaker lets a trial call through once its pause is over: try until it does (bounded: 10 s).
    const deadline = Date.now() + 10_000;
    let answer: string | undefined;
    while (answer === undefined && Date.now() < deadline) {
      answer = await guard.run('m-1', () => Promise.resolve('user')).catch(() => undefined);
      if (answer === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    expect(answer).toBe('user');
    expect(events.closed).toHaveBeenCalledWith('m-1');
    expect(events.opened).toHaveBeenCalledTimes(1);
  });
});

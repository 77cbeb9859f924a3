import { ShiftableClock } from './clock';

describe('ShiftableClock', () => {
  afterEach(() => jest.useRealTimers());

  it('follows real time plus what the test advanced', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const clock = new ShiftableClock();
    clock.advance(5);
    jest.advanceTimersByTime(250);
    expect(clock.now()).toBe(1_005_250);
  });

  it('stands still while frozen, moves only by advance, and resumes from where it stood', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const clock = new ShiftableClock();
    clock.freeze();
    jest.advanceTimersByTime(3_000);
    expect(clock.now()).toBe(1_000_000);
    clock.advance(1);
    expect(clock.now()).toBe(1_001_000);
    clock.resume();
    expect(clock.now()).toBe(1_001_000);
    jest.advanceTimersByTime(10);
    expect(clock.now()).toBe(1_001_010);
  });
});

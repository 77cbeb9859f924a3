// The parts of autocannon's API this benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  export interface Request extends RawRequest {
    /** Returns the request to send, or a falsy value to restart the pipeline from its first request. */
    setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest | undefined | null;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Requests per second over all connections (a fixed rate). */
    overallRate?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: Request[];
    initialContext?: Record<string, unknown>;
    timeout?: number;
  }
  export interface Histogram {
    average: number;
    mean: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Seconds. */
    duration: number;
  }
  export interface Instance extends Promise<Result> {
    stop(): void;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}

/**
 * The request subjects of one process, held until the process can do the work they bring (docs/decisions.md
 * SDF1): services register their handlers while they start (onModuleInit), but nothing reaches the bus until
 * the host opens the intake — after every service's database answered and its consumers started. Until then
 * NATS has no subscriber for those subjects, so a caller gets "no responders" at once (000099) instead of a
 * process that takes the request and cannot answer it in time. Registrations after opening go straight through.
 */
import type { RpcContract } from '@dcp/contracts';
import type { HandleOptions, RpcHandler, RpcServer } from '@dcp/messaging';
import type { z } from 'zod';

export class RequestIntake implements RpcServer {
  private held: Array<() => void> = [];
  private readonly subjects = new Set<string>();
  private state: 'held' | 'open' | 'closed' = 'held';

  constructor(private readonly bus: RpcServer) {}

  /** True once the held registrations were handed to the bus (the readiness check `intake`). */
  get isOpen(): boolean {
    return this.state === 'open';
  }

  handle(subject: string, handler: RpcHandler, opts?: HandleOptions): void {
    this.register(subject, () => this.bus.handle(subject, handler, opts));
  }

  handleContract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, handler: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.register(contract.subject, () => this.bus.handleContract(contract, handler));
  }

  /** Subscribes every held registration, in the order the services made them. A closed intake stays closed. */
  open(): void {
    if (this.state !== 'held') return;
    this.state = 'open';
    const held = this.held;
    this.held = [];
    for (const subscribe of held) subscribe();
  }

  /** Shutdown began (HS2): what is still held is never subscribed, even if start-up finishes afterwards. */
  close(): void {
    this.state = 'closed';
    this.held = [];
  }

  private register(subject: string, subscribe: () => void): void {
    // Refused when it is made, as the bus refuses it, not later at open() where no caller could tell which module.
    if (this.subjects.has(subject)) throw new Error(`a handler for ${subject} is already registered`);
    this.subjects.add(subject);
    if (this.state === 'open') subscribe();
    else if (this.state === 'held') this.held.push(subscribe);
  }
}

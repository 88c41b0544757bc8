// The SDK's requests to the player's frame: each numbered and posted, settled by its answer or
// rejected with TIMEOUT; and the player's timers, all cleared (its requests rejected) when it goes.
import {
  PROTOCOL,
  type CommandAnswer,
  type CommandArgs,
  type CommandName,
} from '../shared/protocol.js';
import { destroyedError, PlayerError } from './errors.js';
import type { Incoming } from './incoming.js';
import { ANSWER_TIMEOUT_MS, type PlayerOptions } from './options.js';

export type Timer = ReturnType<typeof setTimeout>;
interface Pending {
  resolve(value: unknown): void;
  reject(error: PlayerError): void;
  timer: Timer;
}

export class Requests {
  private readonly pending = new Map<number, Pending>();
  private readonly timers = new Set<Timer>();
  // Unlike another client's on the same frame (answers reach every listener of the host window)
  private nextRequest = 1 + Math.floor(Math.random() * 2 ** 40);

  constructor(
    private readonly iframe: HTMLIFrameElement,
    private readonly origin: string,
    private readonly options: PlayerOptions,
  ) {}

  /** Sends one command and waits for its answer, answerTimeoutMs at most. */
  send<K extends CommandName>(name: K, args: CommandArgs<K>): Promise<CommandAnswer<K>> {
    const requestId = this.nextRequest++;
    return new Promise<CommandAnswer<K>>((resolve, reject) => {
      const timer = this.later(this.options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS, () => {
        this.pending.delete(requestId);
        reject(new PlayerError('TIMEOUT', `No answer to ${name}`));
      });
      this.pending.set(requestId, {
        resolve: resolve as (value: unknown) => void,
        reject,
        timer,
      });
      this.post({ command: name, requestId, ...(args === undefined ? {} : { args }) });
    });
  }

  answer({ requestId, data, error }: Extract<Incoming, { kind: 'answer' }>) {
    const pending = requestId === null ? undefined : this.pending.get(requestId);
    if (!pending || requestId === null) return;
    this.pending.delete(requestId);
    this.clear(pending.timer);
    if (error) pending.reject(new PlayerError(error.code, error.message));
    else pending.resolve(data);
  }

  later(ms: number, run: () => void): Timer {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  clear(timer: Timer | undefined) {
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  /** The player removed: its timers cleared, its pending requests rejected with DESTROYED. */
  close() {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const request of pending) request.reject(destroyedError());
  }

  private post(message: Record<string, unknown>) {
    this.iframe.contentWindow?.postMessage({ protocol: PROTOCOL, ...message }, this.origin);
  }
}

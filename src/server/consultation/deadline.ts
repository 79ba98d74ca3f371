/**
 * The time a request has left. Every call out of a request (database, SMTP, webhook) runs
 * `within` a share of it, so the visitor's answer never waits on a peer that stopped talking.
 */

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} timed out after ${ms} ms`);
  }
}

export class Deadline {
  constructor(
    /** When the answer is due (ms since the epoch). */
    readonly at: number,
    private readonly clock: () => number = Date.now,
  ) {}

  static after(ms: number, clock: () => number = Date.now): Deadline {
    return new Deadline(clock() + ms, clock);
  }

  remaining(): number {
    return Math.max(0, this.at - this.clock());
  }

  /** A deadline `ms` earlier than this one (time kept back for a later step). */
  minus(ms: number): Deadline {
    return new Deadline(this.at - ms, this.clock);
  }

  /**
   * `work`'s result, or a TimeoutError once the deadline (or `capMs`, if sooner) has passed.
   * `onTimeout` gives the abandoned work a chance to stop (close a socket, abort a fetch).
   */
  async within<T>(what: string, work: Promise<T>, capMs = Infinity, onTimeout?: () => void): Promise<T> {
    const ms = Math.min(this.remaining(), capMs);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onTimeout?.();
        reject(new TimeoutError(what, ms));
      }, ms);
    });
    // An abandoned call may still fail later: nobody is listening then.
    work.catch(() => undefined);
    try {
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
    }
  }
}

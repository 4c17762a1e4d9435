// Who gets the Data API's database connections when there are not enough for everyone. Without this the
// pool served requests first come, first served, so one account sending a dozen heavy selects at once held
// all ten connections and everyone else's calls (the `/api` functions call `/rest/v1` with the person's own
// token) waited behind them: other organizations' dashboards took 8 s.
//
// Each caller (the JWT's `sub`; anon callers by address) may hold at most `perCaller` connections at a
// time; beyond that, and whenever all connections are taken, a request waits in its caller's own queue,
// and a freed connection goes to the next caller in turn, not to the oldest request. So a heavy caller
// slows itself, and a caller with one request waits at most for one connection to be freed. The
// service role (trusted server code) is not held to a per-caller share.
//
// A request that waits longer than `acquireTimeoutMs` is answered as PostgREST answers when its pool
// cannot give a connection in time (`db-pool-acquisition-timeout`): 504 PGRST003.
import { pgrstError } from './errors.ts';

export interface GateOptions {
  /** Connections to hand out: the pool's size. */
  capacity: number;
  /** Connections one caller may hold at once. */
  perCaller: number;
  acquireTimeoutMs: number;
}

interface Waiter {
  grant(): void;
}

export class Gate {
  private held = 0;
  private readonly byCaller = new Map<string, number>();
  /** Waiting requests per caller, and the callers in the order they are served. */
  private readonly queues = new Map<string, Waiter[]>();

  constructor(private readonly options: GateOptions) {}

  /** Waits for a share of the pool for `caller` (`null`: not held to a per-caller share); returns its release. */
  async enter(caller: string | null): Promise<() => void> {
    const key = caller ?? '';
    if (this.queues.size === 0 && this.fits(caller)) return this.take(caller);
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const queue = this.queues.get(key) ?? [];
        queue.splice(queue.indexOf(waiter), 1);
        if (queue.length === 0) this.queues.delete(key);
        reject(
          pgrstError(
            504,
            'PGRST003',
            'Timed out acquiring connection from connection pool.',
            `No database connection was free for ${this.options.acquireTimeoutMs / 1000} s`,
          ),
        );
      }, this.options.acquireTimeoutMs);
      // Map order is insertion order: a caller that starts waiting joins the end of the turn.
      this.queues.set(key, [...(this.queues.get(key) ?? []), waiter]);
      this.dispatch();
    });
    return this.take(caller, false);
  }

  private fits(caller: string | null): boolean {
    if (this.held >= this.options.capacity) return false;
    return caller === null || (this.byCaller.get(caller) ?? 0) < this.options.perCaller;
  }

  private take(caller: string | null, count = true): () => void {
    if (count) this.count(caller, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count(caller, -1);
      this.dispatch();
    };
  }

  private count(caller: string | null, delta: number): void {
    this.held += delta;
    if (caller === null) return;
    const n = (this.byCaller.get(caller) ?? 0) + delta;
    if (n === 0) this.byCaller.delete(caller);
    else this.byCaller.set(caller, n);
  }

  // Hands free connections to waiting callers, one request per caller per turn.
  private dispatch(): void {
    let progressed = true;
    while (progressed && this.held < this.options.capacity && this.queues.size > 0) {
      progressed = false;
      for (const [key, queue] of [...this.queues]) {
        const caller = key === '' ? null : key;
        if (this.held >= this.options.capacity) return;
        if (!this.fits(caller)) continue;
        const waiter = queue.shift()!;
        // This caller has had its turn: to the back of the line, or out of it.
        this.queues.delete(key);
        if (queue.length > 0) this.queues.set(key, queue);
        // Counted now, so the next turn of this loop sees the connection as taken.
        this.count(caller, 1);
        waiter.grant();
        progressed = true;
      }
    }
  }
}

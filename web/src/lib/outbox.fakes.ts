// Stand-ins for what the outbox talks to, for its unit tests (outbox.test.ts): the device's IndexedDB (the
// part local-db.ts uses), the server (which applies each mutation id once, as sync_mutations does), the
// browser's Web Locks and BroadcastChannel. Each keeps to the behaviour the outbox relies on: a transaction
// is written whole or not at all and runs after the one before it; a lock is held by one caller at a time;
// a message reaches every other open channel of its name, later.
import type { ErrorBody } from './api-client.ts';

type Row = { id: string } & Record<string, unknown>;

/** The device's database: stores of rows by id, read and written in transactions. */
export class FakeDevice {
  private readonly stores = new Map<string, Map<string, Row>>();
  private last: Promise<void> = Promise.resolve();

  private store(name: string): Map<string, Row> {
    let rows = this.stores.get(name);
    if (!rows) this.stores.set(name, (rows = new Map()));
    return rows;
  }

  /** What a store holds now: by `index` when given, else by id (as IndexedDB's getAll). */
  rows<T>(name: string, index?: string): T[] {
    const rows = [...this.store(name).values()].map((r) => structuredClone(r));
    const key = index ?? 'id';
    return rows.sort((a, b) => (a[key]! < b[key]! ? -1 : a[key]! > b[key]! ? 1 : 0)) as unknown as T[];
  }

  readAll = async <T>(name: string, index?: string): Promise<T[]> => {
    await Promise.resolve();
    return this.rows<T>(name, index);
  };

  writeTogether = (names: string[], work: (tx: IDBTransaction) => void): Promise<void> => {
    const run = this.last.then(() => this.transaction(names, work));
    this.last = run.catch(() => undefined);
    return run;
  };

  private transaction(names: string[], work: (tx: IDBTransaction) => void): Promise<void> {
    const staged = new Map(names.map((n) => [n, new Map(this.store(n))]));
    let open = 0;
    let failure: unknown;
    let done = false;
    return new Promise((resolve, reject) => {
      const finish = () => {
        if (open || done) return;
        done = true;
        if (failure) return reject(failure);
        for (const [name, rows] of staged) this.stores.set(name, rows);
        resolve();
      };
      const objectStore = (name: string) => {
        const rows = staged.get(name);
        if (!rows) throw new Error(`${name} is not in this transaction`);
        const taken = (row: Row) =>
          rows.has(row.id) ||
          (name === 'outbox' && [...rows.values()].some((r) => r.seq === row.seq && r.id !== row.id));
        return {
          add(row: Row) {
            if (taken(row)) failure ??= new Error(`ConstraintError: ${name} ${row.id}`);
            else rows.set(row.id, structuredClone(row));
          },
          put(row: Row) {
            rows.set(row.id, structuredClone(row));
          },
          delete(id: string) {
            rows.delete(id);
          },
          index(key: string) {
            return {
              openCursor(_range: null, direction: 'prev' | 'next') {
                const request = {
                  onsuccess: null as null | (() => void),
                  result: null as null | { value: Row },
                };
                open++;
                queueMicrotask(() => {
                  const sorted = [...rows.values()].sort((a, b) => Number(a[key]) - Number(b[key]));
                  const row = direction === 'prev' ? sorted.at(-1) : sorted[0];
                  request.result = row ? { value: structuredClone(row) } : null;
                  open--;
                  request.onsuccess?.();
                  finish();
                });
                return request;
              },
            };
          },
        };
      };
      try {
        work({ objectStore } as unknown as IDBTransaction);
      } catch (e) {
        failure = e;
      }
      queueMicrotask(finish);
    });
  }
}

/** A call the outbox made to /api. */
export interface Call {
  path: string;
  method?: string;
  body?: unknown;
  /** The Idempotency-Key: the change's mutation id. */
  key?: string;
}

/**
 * What one call meets: applied and answered; no way through (`unreachable`); applied but its answer lost on
 * the way back (`reply-lost`); applied, and the page goes before the answer comes (`in-flight`); still on
 * its way when the page goes, never reaching the server (`in-flight-unsent`); refused by the server.
 */
export type Outcome =
  | 'apply'
  | 'unreachable'
  | 'reply-lost'
  | 'in-flight'
  | 'in-flight-unsent'
  | { refuse: number; reason: string };

/** The server: applies each mutation id once and answers a repeat with what it answered first. */
export class FakeServer {
  readonly calls: Call[] = [];
  /** The changes applied, in the order applied: one per mutation id. */
  readonly applied: Call[] = [];
  private readonly answers = new Map<string, { data: unknown } | { refused: number; body: ErrorBody }>();
  private readonly plan: Outcome[] = [];
  /** What a call meets once the planned outcomes are used up. */
  otherwise: Outcome = 'apply';

  /** What the next calls meet, one outcome a call, in order. */
  meets(...outcomes: Outcome[]): this {
    this.plan.push(...outcomes);
    return this;
  }

  /** Answers a call as apiFetch does: the data, or throws (a TypeError for no answer, or `refusal`). */
  async fetch(
    path: string,
    init: { method?: string; body?: unknown; idempotencyKey?: string },
    refusal: Refusal,
  ) {
    await Promise.resolve(); // a request takes a while: others run meanwhile
    const call: Call = { path, method: init.method, body: init.body, key: init.idempotencyKey };
    this.calls.push(call);
    const outcome = this.plan.shift() ?? this.otherwise;
    if (outcome === 'unreachable') throw new TypeError('Failed to fetch');
    if (outcome === 'in-flight-unsent') return new Promise(() => {});
    if (typeof outcome === 'object' && !this.answers.has(call.key ?? ''))
      this.answers.set(call.key ?? '', {
        refused: outcome.refuse,
        body: { code: 'REFUSED', reason: outcome.reason },
      });
    const answer = this.apply(call);
    if ('refused' in answer) throw refusal(answer.refused, answer.body);
    if (outcome === 'reply-lost') throw new TypeError('Failed to fetch');
    if (outcome === 'in-flight') return new Promise(() => {});
    return answer.data;
  }

  private apply(call: Call) {
    const key = call.key ?? '';
    if (!this.answers.has(key)) {
      this.applied.push(call);
      this.answers.set(key, { data: { ok: true, key } });
    }
    return this.answers.get(key)!;
  }
}

/** Builds the error apiFetch throws for a refusal (the ApiError of the module under test). */
export type Refusal = (status: number, body: ErrorBody) => Error;

/** Web Locks: one holder of a name at a time, the others served in turn. */
export class FakeLocks {
  private readonly last = new Map<string, Promise<unknown>>();

  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const run = (this.last.get(name) ?? Promise.resolve()).then(callback);
    this.last.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }
}

/** BroadcastChannel: a message reaches every other open channel of the same name, after a moment. */
export class FakeChannel {
  static readonly open = new Set<FakeChannel>();
  private readonly listeners = new Set<(e: { data: unknown }) => void>();

  constructor(readonly name: string) {
    FakeChannel.open.add(this);
  }

  addEventListener(_type: 'message', listener: (e: { data: unknown }) => void): void {
    this.listeners.add(listener);
  }

  postMessage(data: unknown): void {
    if (!FakeChannel.open.has(this)) return;
    for (const other of FakeChannel.open)
      if (other !== this && other.name === this.name) {
        const copy = structuredClone(data);
        queueMicrotask(
          () => FakeChannel.open.has(other) && other.listeners.forEach((l) => l({ data: copy })),
        );
      }
  }

  close(): void {
    FakeChannel.open.delete(this);
  }

  /** Every page closed: their channels hear nothing more. */
  static closeAll(): void {
    FakeChannel.open.clear();
  }
}

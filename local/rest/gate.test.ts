import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { Gate } from './gate.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Data API connection gate', () => {
  it('holds one caller to its share and serves the others at once', async () => {
    const gate = new Gate({ capacity: 4, perCaller: 2, acquireTimeoutMs: 1_000 });
    const heavy = [await gate.enter('a'), await gate.enter('a')];
    let third = false;
    const waiting = gate.enter('a').then((release) => ((third = true), release));
    await tick();
    expect(third).toBe(false);
    // Another caller is not behind the heavy one's queue.
    const other = await gate.enter('b');
    heavy[0]!();
    const release = await waiting;
    expect(third).toBe(true);
    for (const r of [heavy[1]!, other, release]) r();
  });

  it('gives a freed connection to the next caller in turn, not to the oldest request', async () => {
    const gate = new Gate({ capacity: 2, perCaller: 2, acquireTimeoutMs: 1_000 });
    const held = [await gate.enter('a'), await gate.enter('a')];
    const order: string[] = [];
    const wait = (caller: string) =>
      gate.enter(caller).then((release) => {
        order.push(caller);
        return release;
      });
    const queued = [wait('a'), wait('a'), wait('a'), wait('b')];
    await tick();
    held[0]!();
    held[1]!();
    const releases = await Promise.all(queued.slice(0, 1).concat(queued[3]!));
    expect(order).toEqual(['a', 'b']);
    for (const r of releases) r();
    for (const r of await Promise.all(queued.slice(1, 3))) r();
    expect(order).toEqual(['a', 'b', 'a', 'a']);
  });

  it('answers 504 PGRST003 to a request that waits too long, and does not count it', async () => {
    const gate = new Gate({ capacity: 1, perCaller: 1, acquireTimeoutMs: 20 });
    const held = await gate.enter('a');
    const error = await gate.enter('b').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(504);
    expect((error as ApiError).body.code).toBe('PGRST003');
    held();
    const next = await gate.enter('b');
    next();
  });

  it('does not hold the service role to a per-caller share', async () => {
    const gate = new Gate({ capacity: 3, perCaller: 1, acquireTimeoutMs: 50 });
    const releases = [await gate.enter(null), await gate.enter(null), await gate.enter(null)];
    for (const r of releases) r();
  });
});

// The outbox's promises to a shop on a flaky line (docs/offline.md, decision record 003): changes reach the
// server in the order they were made, a change the network lost is sent again later, a change sent twice is
// applied once, two tabs never send the same change twice, a change the server refuses is kept and shown
// (not tried forever), and a change in flight when the page reloads is sent again and applied once.
//
// Each "tab" is a fresh copy of the outbox's modules over one device (a stand-in IndexedDB), one server that
// applies each mutation id once (as sync_mutations does), and the browser's Web Locks and BroadcastChannel
// (outbox.fakes.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from './api-client.ts';
import { type Call, FakeChannel, FakeDevice, FakeLocks, FakeServer } from './outbox.fakes.ts';
import type { Operation, OutboxEntry } from './outbox.ts';

const world = vi.hoisted(() => ({}) as { device: FakeDevice; server: FakeServer });

vi.mock('./local-db.ts', () => ({
  ROW_STORES: ['products', 'customers', 'invoices', 'leads'],
  openLocalDb: async () => ({}),
  readAll: (store: string, index?: string) => world.device.readAll(store, index),
  writeTogether: (stores: string[], work: (tx: IDBTransaction) => void) =>
    world.device.writeTogether(stores, work),
}));
vi.mock('./api-client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./api-client.ts')>();
  return {
    ...actual,
    apiFetch: (path: string, init: { method?: string; body?: unknown; idempotencyKey?: string }) =>
      world.server.fetch(
        path,
        init,
        (status: number, body: ErrorBody) => new actual.ApiError(status, `${status}: refused`, body),
      ),
  };
});
vi.mock('./session/unauthorized.ts', () => ({ handleUnauthorized: vi.fn() }));
vi.mock('./supabase.ts', () => ({ supabase: { auth: { onAuthStateChange: vi.fn() } } }));

type Tab = typeof import('./outbox.ts');

const ORG = '0190f000-0000-7000-8000-000000000001';
const network = { onLine: true };

/** Opens the app in a new tab (or again after a reload): its own outbox, over the same device and server. */
async function openTab(): Promise<Tab> {
  vi.resetModules();
  return import('./outbox.ts');
}

/** The page goes (a reload, a closed tab): its lock is let go and its channel hears nothing more. */
function closeEveryPage() {
  FakeChannel.closeAll();
  vi.stubGlobal('navigator', {
    get onLine() {
      return network.onLine;
    },
    locks: new FakeLocks(),
  });
}

const change = (n: number, more: Partial<Operation> = {}): Operation => ({
  orgId: ORG,
  method: 'POST',
  path: `/api/changes/${n}`,
  body: { n },
  label: `change ${n}`,
  ...more,
});

/** Queues a change as a form does; its answer (or SavedOffline) is kept for the test to read. */
const queue = (tab: Tab, op: Operation) => tab.enqueue(op).catch((e: unknown) => e);

const queued = () => world.device.rows<OutboxEntry>('outbox', 'seq');
const sentPaths = (calls: Call[]) => calls.map((c) => c.path);

beforeEach(() => {
  world.device = new FakeDevice();
  world.server = new FakeServer();
  network.onLine = true;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.stubGlobal('BroadcastChannel', FakeChannel);
  vi.stubGlobal('localStorage', { getItem: () => null });
  closeEveryPage();
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  FakeChannel.closeAll();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the outbox', () => {
  it('sends changes in the order they were made, even when the phone clock goes back', async () => {
    const tab = await openTab();
    network.onLine = false;
    world.server.otherwise = 'unreachable';
    // Each change is made a second earlier by the clock than the one before (a time-zone correction).
    let clock = 1_800_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (clock -= 1_000));
    for (const n of [1, 2, 3, 4]) await queue(tab, change(n));
    await tab.flush();
    expect(world.server.applied).toEqual([]);
    expect(queued().map((e) => e.label)).toEqual(['change 1', 'change 2', 'change 3', 'change 4']);

    network.onLine = true;
    world.server.otherwise = 'apply';
    await tab.flush();
    expect(sentPaths(world.server.applied)).toEqual([
      '/api/changes/1',
      '/api/changes/2',
      '/api/changes/3',
      '/api/changes/4',
    ]);
    // While unreachable, no round went past the first change: nothing overtook it.
    expect(new Set(sentPaths(world.server.calls.slice(0, -4)))).toEqual(new Set(['/api/changes/1']));
    expect(queued()).toEqual([]);
  });

  it('keeps that order across a reload whose clock reads an hour earlier than the last change kept', async () => {
    network.onLine = false;
    world.server.otherwise = 'unreachable';
    let clock = 1_800_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    await queue(await openTab(), change(1));
    // The page is loaded again (nothing of the last one in memory) and the phone's clock went back.
    closeEveryPage();
    clock -= 3_600_000;
    const tab = await openTab();
    await queue(tab, change(2));
    expect(queued().map((e) => e.label)).toEqual(['change 1', 'change 2']);

    network.onLine = true;
    world.server.otherwise = 'apply';
    await tab.flush();
    expect(sentPaths(world.server.applied)).toEqual(['/api/changes/1', '/api/changes/2']);
  });

  it('keeps a change the network lost and sends it again later', async () => {
    const tab = await openTab();
    world.server.meets('unreachable');
    const answer = await queue(tab, change(1));
    expect(answer).toBeInstanceOf(tab.SavedOffline);
    expect(queued()).toMatchObject([{ label: 'change 1', status: 'pending', attempts: 1 }]);
    expect(world.server.applied).toEqual([]);

    await vi.advanceTimersByTimeAsync(1_999);
    expect(world.server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await tab.flush();
    expect(sentPaths(world.server.applied)).toEqual(['/api/changes/1']);
    expect(queued()).toEqual([]);
  });

  it('sends a change again under the same mutation id, so a lost reply is applied once', async () => {
    const tab = await openTab();
    world.server.meets('reply-lost');
    await queue(tab, change(1));
    expect(world.server.applied).toHaveLength(1);
    expect(queued()).toHaveLength(1); // no answer came: the change stays until one does

    await vi.advanceTimersByTimeAsync(2_000);
    await tab.flush();
    const [first, second] = world.server.calls;
    expect(world.server.calls).toHaveLength(2);
    expect(second!.key).toBe(first!.key);
    expect(world.server.applied).toHaveLength(1);
    expect(queued()).toEqual([]);
  });

  it('lets one tab at a time send, so two tabs never send the same change twice', async () => {
    const [one, two] = [await openTab(), await openTab()];
    network.onLine = false;
    world.server.otherwise = 'unreachable';
    for (const n of [1, 2, 3]) await queue(one, change(n));
    await queue(two, change(4));
    await Promise.all([one.flush(), two.flush()]);

    network.onLine = true;
    world.server.otherwise = 'apply';
    const sentBefore = world.server.calls.length;
    await Promise.all([one.flush(), two.flush(), one.flush(), two.flush()]);
    const keys = world.server.calls.slice(sentBefore).map((c) => c.key);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
    expect(sentPaths(world.server.applied)).toEqual([1, 2, 3, 4].map((n) => `/api/changes/${n}`));
    // Each tab shows the same queue: empty.
    await vi.advanceTimersByTimeAsync(0);
    expect(one.outbox.entries()).toEqual([]);
    expect(two.outbox.entries()).toEqual([]);
  });

  it('keeps a refused change, with its reason, and does not send it again until the member retries', async () => {
    const tab = await openTab();
    const customer = '0190f000-0000-7000-8000-0000000000c1';
    network.onLine = false;
    world.server.otherwise = 'unreachable';
    await queue(tab, change(1, { creates: { store: 'customers', row: { id: customer, name: 'Ama' } } }));
    await queue(tab, change(2));
    await queue(tab, change(3, { body: { customerId: customer } }));

    network.onLine = true;
    world.server.otherwise = 'apply';
    world.server.meets({ refuse: 422, reason: 'PLAN_LIMIT_REACHED' });
    const sentBefore = world.server.calls.length;
    await tab.flush();
    expect(sentPaths(world.server.applied)).toEqual(['/api/changes/2']);
    const [refused, waiting] = tab.outbox.entries();
    expect(refused).toMatchObject({
      label: 'change 1',
      status: 'failed',
      refusal: { reason: 'PLAN_LIMIT_REACHED' },
    });
    expect(waiting).toMatchObject({ label: 'change 3', status: 'waiting' });
    expect(world.device.rows('customers')).toMatchObject([{ id: customer }]);

    // The connection comes and goes, the timer fires: the refused change is not sent again.
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(60_000);
      await tab.flush();
    }
    expect(
      sentPaths(world.server.calls.slice(sentBefore)).filter((p) => p === '/api/changes/1'),
    ).toHaveLength(1);
    expect(tab.outbox.entries()).toHaveLength(2);

    // Once the member fixed the cause, Retry sends it as a new attempt, and the change that needed it follows.
    await tab.retry(refused!.id);
    expect(sentPaths(world.server.applied)).toEqual(['/api/changes/2', '/api/changes/1', '/api/changes/3']);
    expect(queued()).toEqual([]);
  });

  it.each([
    ['had reached the server', 'in-flight'],
    ['had not reached the server', 'in-flight-unsent'],
  ] as const)(
    'sends a change that was on its way when the page reloaded (it %s) again, and it is applied once',
    async (_, outcome) => {
      const before = await openTab();
      world.server.meets(outcome);
      void queue(before, change(1));
      await vi.waitFor(() => expect(world.server.calls).toHaveLength(1));
      expect(queued()).toHaveLength(1);

      closeEveryPage();
      const after = await openTab();
      await after.flush();
      const [first, second] = world.server.calls;
      expect(world.server.calls).toHaveLength(2);
      expect(second!.key).toBe(first!.key);
      expect(sentPaths(world.server.applied)).toEqual(['/api/changes/1']);
      expect(queued()).toEqual([]);
    },
  );
});

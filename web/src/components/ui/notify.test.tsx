// @vitest-environment happy-dom
// How long a toast stays, on a clock the test moves: a success (and a notice such as "You're Offline") is
// gone after five seconds, an error is still there to be read and acted on until ten. A toast the time has
// dismissed leaves the page a second later, once it has faded out.
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '@/test/render-in.tsx';
import { notifyShown, Toaster } from './notify.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Shows one toast and answers whether it is still on the page after each of `moments` (seconds from it). */
async function onPageAt(variant: 'success' | 'info' | 'error', moments: number[]) {
  renderIn('en', <Toaster />);
  await act(() => notifyShown({ title: `A ${variant}`, variant }));
  expect(screen.getByTestId('toast')).toHaveProperty('textContent', expect.stringContaining(`A ${variant}`));
  const seen: boolean[] = [];
  let now = 0;
  for (const moment of moments) {
    // A step at a time, so that each render's own timers are set before the clock passes them.
    while (now < moment * 1000) {
      await act(() => vi.advanceTimersByTimeAsync(100));
      now += 100;
    }
    seen.push(screen.queryByTestId('toast') !== null);
  }
  return seen;
}

describe('a toast', () => {
  it('of a success is gone after five seconds', async () => {
    expect(await onPageAt('success', [4.5, 6.5])).toEqual([true, false]);
  });

  it('of a notice (the connection dropped) is gone after five seconds too', async () => {
    expect(await onPageAt('info', [4.5, 6.5])).toEqual([true, false]);
  });

  it('of an error stays twice as long', async () => {
    expect(await onPageAt('error', [6.5, 9.5, 11.5])).toEqual([true, true, false]);
  });
});

/**
 * Resolves once the browser is idle (at most 3 s from now): for work that need not stand in the way of the
 * first screen's own code and data on a slow connection.
 */
export const whenIdle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 1500);
  });

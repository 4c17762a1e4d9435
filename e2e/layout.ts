// What a person sees of a control's label on a narrow screen, measured in the page.
import type { Locator } from '@playwright/test';

/**
 * The buttons under `scope` whose label does not fit them (cut or spilling out) or that stick out of the
 * screen; a button inside a row that scrolls sideways may be beyond the screen's edge.
 */
export const overflowingButtons = (scope: Locator) =>
  scope.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [...root.querySelectorAll<HTMLElement>('button, a.btn, summary.btn')]
        .filter((b) => b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden')
        .filter((b) => {
          const r = b.getBoundingClientRect();
          const spills = b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1;
          let scrolls = false;
          for (let el = b.parentElement; el && !scrolls; el = el.parentElement)
            scrolls =
              ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth;
          return spills || (!scrolls && (r.left < -1 || r.right > window.innerWidth + 1));
        })
        .map(
          (b) =>
            `"${(b.textContent ?? '').trim()}" ${b.scrollWidth}x${b.scrollHeight} in ${b.clientWidth}x${b.clientHeight}`,
        ),
    ),
  );

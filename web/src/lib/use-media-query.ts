// Whether a CSS media query matches now, kept up to date as the window is resized or turned.
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Tailwind's `md` breakpoint: 768 px and wider (tablets, laptops) rather than a phone. */
export const useWide = () => useMediaQuery('(min-width: 768px)');

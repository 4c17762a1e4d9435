// Light, dark or system (default), saved under `kasuwa-theme` and applied on <html>; system follows the
// device's preference as it changes. One store, so every switch on the page shows the same choice.
import { useEffect, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark' | 'system';
export const THEME_KEY = 'kasuwa-theme';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function apply(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.setAttribute('data-theme', dark ? 'kasuwa-dark' : 'kasuwa');
}

function stored(): Theme {
  const t = localStorage.getItem(THEME_KEY);
  return t === 'light' || t === 'dark' ? t : 'system';
}

export function setTheme(t: Theme): void {
  localStorage.setItem(THEME_KEY, t);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): [Theme, (t: Theme) => void] {
  // stored() on the server too: the prerendered pages (web/src/prerender.tsx) show the default, "system".
  const theme = useSyncExternalStore(subscribe, stored, stored);
  useEffect(() => {
    apply(theme);
    if (theme !== 'system') return;
    const m = media();
    const onChange = () => apply('system');
    m.addEventListener('change', onChange);
    return () => m.removeEventListener('change', onChange);
  }, [theme]);
  return [theme, setTheme];
}

/** Compact view (Settings > Preferences): tighter tables and cards, as a flag on <html>. */
export function applyCompactView(on: boolean): void {
  document.documentElement.toggleAttribute('data-compact', on);
}

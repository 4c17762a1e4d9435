// Light, dark or system (default), saved under `kasuwa-theme` and applied on <html>; system follows the
// device's preference as it changes.
import { useCallback, useEffect, useState } from 'react';

export type Theme = 'light' | 'dark' | 'system';
export const THEME_KEY = 'kasuwa-theme';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');

function apply(theme: Theme) {
  const dark = theme === 'dark' || (theme === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.setAttribute('data-theme', dark ? 'kasuwa-dark' : 'kasuwa');
}

function stored(): Theme {
  const t = localStorage.getItem(THEME_KEY);
  return t === 'light' || t === 'dark' ? t : 'system';
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setThemeState] = useState<Theme>(stored);
  useEffect(() => {
    apply(theme);
    if (theme !== 'system') return;
    const m = media();
    const onChange = () => apply('system');
    m.addEventListener('change', onChange);
    return () => m.removeEventListener('change', onChange);
  }, [theme]);
  const setTheme = useCallback((t: Theme) => {
    localStorage.setItem(THEME_KEY, t);
    setThemeState(t);
  }, []);
  return [theme, setTheme];
}

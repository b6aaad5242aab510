import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@portal/contracts';

export type Theme = 'light' | 'dark';

const current = (): Theme =>
  document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';

/** Light or dark, persisted under `color-theme` (public/theme-init.js applies it before the first paint). */
export function useTheme() {
  const [theme, setTheme] = useState<Theme>(current);
  const toggle = useCallback(() => {
    const next: Theme = current() === 'dark' ? 'light' : 'dark';
    document.documentElement.setAttribute('data-theme', next);
    localStorage.setItem(STORAGE_KEYS.theme, next);
    setTheme(next);
  }, []);
  return { theme, toggle };
}

import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { STORAGE_KEYS } from '@portal/contracts';
import { atomInStorage } from './storedAtom.ts';

export type Theme = 'light' | 'dark';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/**
 * Light or dark, kept under `color-theme` as the bare word (public/theme-init.js reads it to apply the
 * theme before the first paint).
 */
export const themeAtom = atomInStorage<Theme>(STORAGE_KEYS.theme, {
  parse: (text) => (isTheme(text) ? text : 'light'),
  format: (theme) => theme,
});

const applyTheme = (theme: Theme) => document.documentElement.setAttribute('data-theme', theme);

/** The theme and its toggle; the page follows the theme (`data-theme` on the root element). */
export function useTheme() {
  const [theme, setTheme] = useAtom(themeAtom);
  // Also when another tab changes it.
  useEffect(() => applyTheme(theme), [theme]);
  const toggle = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    setTheme(next);
  };
  return { theme, toggle };
}

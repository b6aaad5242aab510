import { atom } from 'jotai';

/**
 * An atom kept in localStorage under `key`: read from storage when a store first asks for it (so each
 * app, and each test's render, starts from what is stored then), written through on every change, and
 * following changes that other tabs make.
 */
export function atomInStorage<T>(
  key: string,
  { parse, format }: { parse: (text: string | null) => T; format: (value: T) => string | null },
) {
  const held = atom<{ value: T } | null>(null);
  held.onMount = (set) => {
    const follow = (event: StorageEvent) => {
      if (event.storageArea === localStorage && event.key === key) set({ value: parse(event.newValue) });
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  };
  return atom(
    (get) => get(held)?.value ?? parse(localStorage.getItem(key)),
    (_get, set, value: T) => {
      const text = format(value);
      if (text === null) localStorage.removeItem(key);
      else localStorage.setItem(key, text);
      set(held, { value });
    },
  );
}

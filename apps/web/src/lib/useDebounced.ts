import { useEffect, useRef, useState } from 'react';

/** The value, once it has stopped changing for `ms` (search boxes ask the server once per pause). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A list's search box: what is typed shows at once, and `onSettled` gets the text once typing pauses
 * and it differs from the search in force (`current`, usually from the URL).
 */
export function useSearchBox(current: string, onSettled: (text: string) => void) {
  const [text, setText] = useState(current);
  const settled = useDebounced(text);
  // The latest callback, so a new function each render neither re-runs nor repeats the navigation.
  const callback = useRef(onSettled);
  callback.current = onSettled;
  useEffect(() => {
    if (settled !== current) callback.current(settled);
  }, [settled, current]);
  return [text, setText] as const;
}

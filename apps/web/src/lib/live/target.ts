/**
 * Where the live connections go: the page's own origin, unless told otherwise. Kept apart from the staff
 * connection so that the client review page's socket (features/reviews/live.ts) reads it without bringing
 * the staff app's rooms, sequences and presence into its download.
 */
export interface LiveTarget {
  /** Another host (component tests under jsdom, which has no origin of its own). */
  url?: string;
  /** A bearer token for the staff connection, where no session cookie goes. */
  token?: () => string | null;
}

let target: LiveTarget = {};

/** For a host without the app's origin or cookie (component tests under jsdom): a URL and a bearer token. */
export function configureLive(next: LiveTarget): LiveTarget {
  const previous = target;
  target = next;
  return previous;
}

export const liveTarget = (): LiveTarget => target;

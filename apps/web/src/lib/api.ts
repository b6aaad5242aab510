import { AUTH_MESSAGES, SESSION_EXPIRED_REDIRECT_MS, STORAGE_KEYS } from '@portal/contracts';
import { toast } from '@portal/ui';
import { saveFile } from './saveFile.ts';

/** An API failure with the server's message (or the caller's fallback) ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The whole answer (a 409's `current` record, say). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** What the app does when a call finds the session ended: forget the signed-in user, then go home. */
export interface SessionEnd {
  forgetUser: () => void;
  goHome: () => void;
}

let sessionExpiring = false;
let sessionEnd: SessionEnd = {
  forgetUser: () => localStorage.removeItem(STORAGE_KEYS.user),
  goHome: () => window.location.assign('/'),
};

/** The app (createApp) registers its session and router: forget the user in its store, go home without a reload. */
export function setSessionEnd(handler: SessionEnd) {
  sessionEnd = handler;
}

/**
 * The 401 rule: clear the stored user, say 'Session expired. Please login again.', and after
 * 1.5 s go to `/`. Several calls failing together show one toast.
 */
function handleSessionExpired() {
  sessionEnd.forgetUser();
  if (sessionExpiring) return;
  sessionExpiring = true;
  toast.error(AUTH_MESSAGES.sessionExpired);
  setTimeout(() => {
    sessionExpiring = false;
    sessionEnd.goHome();
  }, SESSION_EXPIRED_REDIRECT_MS);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Shown when the server gives no message (network down, HTML error page). */
  fallbackMessage?: string;
  /** The sign-in call answers 401 for bad credentials: that is not an expired session. */
  skipSessionRule?: boolean;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, fallbackMessage = 'Something went wrong', skipSessionRule, signal } = options;
  let response: Response;
  // A FormData body (file uploads) goes as multipart, with the boundary the browser chooses.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, fallbackMessage);
  }
  const data = (await response.json().catch(() => null)) as
    (T & { message?: string; msg?: string; code?: string }) | null;
  if (!response.ok) {
    if (response.status === 401 && !skipSessionRule) handleSessionExpired();
    throw new ApiError(response.status, data?.message ?? data?.msg ?? fallbackMessage, data?.code, data);
  }
  return data as T;
}

/** Builds `?a=1&b=x&c=1&c=2` from defined, non-empty values (arrays repeat the name). */
export function queryString(
  params: Record<string, string | number | readonly (string | number)[] | undefined | null>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Downloads a file the server builds (a spreadsheet) (`path` answers the file or an error body) and saves it
 * under `fileName`. Throws an ApiError with the server's message (e.g. no records in the range).
 */
export async function downloadFile(path: string, fileName: string, fallbackMessage: string) {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, fallbackMessage);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? fallbackMessage);
  }
  saveFile(await response.blob(), fileName);
}

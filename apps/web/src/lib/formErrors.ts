import { toast } from '@portal/ui';
import { ApiError } from './api.ts';

/**
 * The field of a form that a failed call is about: the server names it (`field`, e.g. a username already
 * taken, a PAN in the wrong format) and the form has it. Null when the failure is the form's as a whole.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  const field = (error.body as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' && (fields as readonly string[]).includes(field)
    ? { field: field as F, message: error.message }
    : null;
}

/**
 * Takes the person to the first field to fix, once the form has drawn its errors: scrolled to the middle
 * of the screen (clear of the sticky header) and focused, so a screen reader reads its message.
 */
export function focusFirstInvalidField(form: HTMLElement | null = document.body) {
  window.requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView?.({ block: 'center' }); // (absent in jsdom)
    field.focus({ preventScroll: true });
  });
}

/**
 * What to say about a failed call: null when the session ended, since the app already said 'Session
 * expired. Please login again.' and anything more would only repeat the failure.
 */
export function failureMessage(error: unknown, fallback: string): string | null {
  if (!error || (error instanceof ApiError && error.status === 401)) return null;
  return (error as Error).message || fallback;
}

/** A failed call's toast, in `message`'s words, unless the session ended (see failureMessage). */
export function toastFailure(error: unknown, message: string) {
  if (failureMessage(error, message) !== null) toast.error(message);
}

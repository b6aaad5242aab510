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
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  });
}

/**
 * A failed call's toast, unless the session ended: that one already said 'Session expired. Please login
 * again.' (spec 1 §8), and a second toast would only repeat the failure.
 */
export function toastFailure(error: unknown, message: string) {
  if (error instanceof ApiError && error.status === 401) return;
  toast.error(message);
}

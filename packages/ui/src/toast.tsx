import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_ERROR_DURATION_MS } from '@portal/contracts';

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string, durationMs?: number) {
  // The same words already on screen are not said twice (e.g. an expired session failing several calls).
  const same = items.find((t) => t.kind === kind && t.message === message);
  if (same) return same.id;
  const id = nextId++;
  items = [...items, { id, kind, message }];
  emit();
  setTimeout(
    () => dismiss(id),
    durationMs ?? (kind === 'error' ? TOAST_ERROR_DURATION_MS : TOAST_DURATION_MS),
  );
  return id;
}

/** Toasts: 3000 ms by default, 4000 ms for errors. */
export const toast = {
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  error: (message: string, durationMs?: number) => show('error', message, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  dismiss,
};

/** The live region that shows the toasts; mount it once near the root. */
export function Toaster() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
  return (
    <div className="toaster" aria-live="polite" role="region" aria-label="Notifications">
      {current.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

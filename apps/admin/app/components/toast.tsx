import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

const LIFETIME_MS = { success: 4000, info: 5000, error: 8000 } satisfies Record<ToastKind, number>;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  publish(toasts.filter((item) => item.id !== id));
}

function show(kind: ToastKind, message: string) {
  const id = nextId++;
  publish([...toasts, { id, kind, message }]);
  setTimeout(() => dismiss(id), LIFETIME_MS[kind]);
}

/**
 * A short message in the corner: `toast.success('Product saved')`. Callable anywhere, a
 * `clientAction` included (the `<Toaster />` in the root shows it).
 */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

/** Where toasts appear; a polite live region, so screen readers read them out. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`}>
          <span>{item.message}</span>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

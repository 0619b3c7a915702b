import { create } from 'zustand';

/** One recorded UI error (spec §3 "Error log entry": err, vm, info, url). */
export type ErrorLogEntry = { err: string; vm: string; info: string; url: string };

type ErrorLogState = {
  logs: ErrorLogEntry[];
  add: (entry: ErrorLogEntry) => void;
  clear: () => void;
};

export const useErrorLog = create<ErrorLogState>((set) => ({
  logs: [],
  add: (entry) => set((s) => ({ logs: [...s.logs, entry] })),
  clear: () => set({ logs: [] }),
}));

/** Records an uncaught error with the page it happened on; production only (spec §8). */
export function recordError(error: unknown, componentInfo = ''): void {
  if (!import.meta.env.PROD) return;
  const err = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  useErrorLog.getState().add({ err, vm: componentInfo, info: stack, url: location.href });
  console.error(error);
}

/** Errors outside React's reach (event handlers, promises) are recorded too. */
export function listenForUncaughtErrors(): void {
  window.addEventListener('error', (event) => recordError(event.error ?? event.message, 'window'));
  window.addEventListener('unhandledrejection', (event) => recordError(event.reason, 'promise'));
}

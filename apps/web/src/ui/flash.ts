import { useSyncExternalStore } from 'react';

export type FlashKind = 'success' | 'error' | 'info';

export interface Flash {
  id: number;
  kind: FlashKind;
  message: string;
}

/** The flash queue keeps about three messages (spec §8): a newer one pushes the oldest out. */
export const FLASH_QUEUE_SIZE = 3;
const LIFETIME_MS: Record<FlashKind, number> = { success: 5000, info: 8000, error: 10_000 };

export function enqueueFlash(queue: readonly Flash[], flash: Flash, size = FLASH_QUEUE_SIZE): Flash[] {
  return [...queue, flash].slice(-size);
}

let queue: Flash[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: Flash[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

export function dismissFlash(id: number): void {
  set(queue.filter((f) => f.id !== id));
}

export function showFlash(kind: FlashKind, message: string): void {
  const id = nextId++;
  set(enqueueFlash(queue, { id, kind, message }));
  setTimeout(() => dismissFlash(id), LIFETIME_MS[kind]);
}

export const flash = {
  success: (message: string) => showFlash('success', message),
  error: (message: string) => showFlash('error', message),
  info: (message: string) => showFlash('info', message),
};

export function useFlashes(): Flash[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => queue,
    () => queue,
  );
}

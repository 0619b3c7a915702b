import type { AcceptanceCheckInput, AcceptanceItemsValue, AcceptanceListValue } from '@pineguard/contract';
import { call, endpoint, Refused, signInAgain, Unreachable, upload } from '../api.ts';
import { backoff } from '../queue.ts';
import * as store from '../store.ts';

/**
 * 检查验收 on the phone, offline first (issue 30): the samples and each sample's records are kept
 * in the settings store once downloaded; a check is saved to an outbox (its photos as blobs in the
 * same value) and sent when online, photos first (each file id kept as soon as known), then the
 * check with its clientId: the server stores a resend once, so retrying is always safe.
 */

export type OutboxCheck = {
  input: Omit<AcceptanceCheckInput, 'photos'>;
  photos: Blob[];
  photoIds: (string | null)[];
  savedAt: number;
  attempts: number;
  nextAt: number;
  state: 'waiting' | 'refused';
  message?: string;
};

const OUTBOX = 'acceptance:outbox';
const listeners = new Set<() => void>();
export const onOutbox = (f: () => void) => {
  listeners.add(f);
  return () => void listeners.delete(f);
};
const changed = () => listeners.forEach((f) => f());

export const outbox = async () => (await store.getSetting<OutboxCheck[]>(OUTBOX)) ?? [];
async function putOutbox(list: OutboxCheck[]) {
  await store.setSetting(OUTBOX, list);
  changed();
}

export async function saveCheck(input: Omit<AcceptanceCheckInput, 'photos'>, photos: Blob[]) {
  const now = Date.now();
  await putOutbox([
    ...(await outbox()),
    {
      input,
      photos,
      photoIds: photos.map(() => null),
      savedAt: now,
      attempts: 0,
      nextAt: now,
      state: 'waiting',
    },
  ]);
  void sendChecks();
}

/** The samples (cached, refreshed when online). */
export async function loadSamples(): Promise<{ value: AcceptanceListValue | null; fresh: boolean }> {
  try {
    const value = await call<AcceptanceListValue>('GET', '/api/acceptance/list?pageSize=100');
    await store.setSetting('acceptance:samples', { value, at: Date.now() });
    return { value, fresh: true };
  } catch {
    const kept = await store.getSetting<{ value: AcceptanceListValue }>('acceptance:samples');
    return { value: kept?.value ?? null, fresh: false };
  }
}

/** A sample's records (up to 500, the list the inspector walks), cached for offline use. */
export async function loadItems(
  sampleId: string,
): Promise<{ value: AcceptanceItemsValue | null; at: number | null; fresh: boolean }> {
  const key = `acceptance:items:${sampleId}`;
  try {
    const value = await endpoint('POST /api/acceptance/items', { id: sampleId, pageSize: 500 });
    const at = Date.now();
    await store.setSetting(key, { value, at });
    return { value, at, fresh: true };
  } catch {
    const kept = await store.getSetting<{ value: AcceptanceItemsValue; at: number }>(key);
    return { value: kept?.value ?? null, at: kept?.at ?? null, fresh: false };
  }
}

let running: Promise<void> | null = null;
/** One round at a time: every due check, oldest first. */
export function sendChecks(): Promise<void> {
  running ??= round().finally(() => {
    running = null;
  });
  return running;
}

async function round() {
  if (!navigator.onLine) return;
  for (const item of (await outbox()).filter((c) => c.state === 'waiting' && c.nextAt <= Date.now())) {
    const update = async (next: OutboxCheck | null) => {
      const list = (await outbox()).filter((c) => c.input.clientId !== item.input.clientId);
      await putOutbox(next ? [...list, next].sort((a, b) => a.savedAt - b.savedAt) : list);
    };
    const current = { ...item, photoIds: [...item.photoIds] };
    try {
      for (const [i, blob] of current.photos.entries()) {
        if (current.photoIds[i]) continue;
        current.photoIds[i] = await upload('photo', blob, 'check.jpg');
        await update(current);
      }
      await endpoint('POST /api/acceptance/check', {
        ...current.input,
        photos: current.photoIds.filter((x): x is string => Boolean(x)),
      });
      await update(null);
    } catch (e) {
      if (e instanceof Refused && !signInAgain(e.code)) {
        await update({ ...current, state: 'refused', message: e.message });
      } else {
        const attempts = current.attempts + 1;
        await update({ ...current, attempts, nextAt: Date.now() + backoff(attempts) });
        if (e instanceof Unreachable || (e instanceof Refused && signInAgain(e.code))) return;
        throw e;
      }
    }
  }
}

/** Sends now, when the network comes back and every 15 s (as the records' sync). */
export function startAcceptanceSync() {
  addEventListener('online', () => void sendChecks());
  setInterval(() => void sendChecks(), 15_000);
  void sendChecks();
}

import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { QueueItem } from './queue.ts';

/** IndexedDB on the phone: the queue (one row per item), media blobs, and small settings. */
interface FieldDb extends DBSchema {
  items: { key: string; value: QueueItem };
  blobs: { key: string; value: Blob };
  settings: { key: string; value: unknown };
}

let dbPromise: Promise<IDBPDatabase<FieldDb>> | null = null;
function db() {
  dbPromise ??= openDB<FieldDb>('pineguard-field', 1, {
    upgrade(d) {
      d.createObjectStore('items', { keyPath: 'uuid' });
      d.createObjectStore('blobs');
      d.createObjectStore('settings');
    },
  });
  return dbPromise;
}

export async function allItems(): Promise<QueueItem[]> {
  return (await db()).getAll('items');
}
export async function putItem(item: QueueItem): Promise<void> {
  await (await db()).put('items', item);
}
export async function putItems(items: QueueItem[]): Promise<void> {
  const tx = (await db()).transaction('items', 'readwrite');
  await Promise.all([...items.map((i) => tx.store.put(i)), tx.done]);
}
export async function deleteItems(uuids: string[]): Promise<void> {
  const tx = (await db()).transaction('items', 'readwrite');
  await Promise.all([...uuids.map((u) => tx.store.delete(u)), tx.done]);
}

/** An item and its media saved in one transaction: either both are on the phone or neither. */
export async function saveWithBlobs(item: QueueItem, blobs: Record<string, Blob>): Promise<void> {
  const tx = (await db()).transaction(['items', 'blobs'], 'readwrite');
  await Promise.all([
    ...Object.entries(blobs).map(([k, b]) => tx.objectStore('blobs').put(b, k)),
    tx.objectStore('items').put(item),
    tx.done,
  ]);
}
export async function getBlob(key: string): Promise<Blob | undefined> {
  return (await db()).get('blobs', key);
}
export async function deleteBlobs(keys: string[]): Promise<void> {
  const tx = (await db()).transaction('blobs', 'readwrite');
  await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
}

export async function getSetting<T>(key: string): Promise<T | undefined> {
  return (await (await db()).get('settings', key)) as T | undefined;
}
export async function setSetting(key: string, value: unknown): Promise<void> {
  await (await db()).put('settings', value, key);
}

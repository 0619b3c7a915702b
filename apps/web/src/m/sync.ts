import { ErrorCode } from '@pineguard/contract';
import { call, Refused, signInAgain, Unreachable, upload } from './api.ts';
import {
  applyAnswers,
  applyStates,
  type CollectAnswer,
  due,
  failBatch,
  failed,
  kept,
  nextBatch,
  type QueueItem,
  toCollectRecord,
} from './queue.ts';
import * as store from './store.ts';

/**
 * The sync loop: uploads media (each file id is stored on the item as soon as it is known, so a
 * closed tab resumes where it stopped), then records in batches, then clock-ins one by one.
 * Runs at start, when the network comes back, after each save and every 15 s; one run at a time.
 */
let running: Promise<void> | null = null;
const listeners = new Set<() => void>();
export const onChange = (f: () => void) => {
  listeners.add(f);
  return () => listeners.delete(f);
};
const changed = () => listeners.forEach((f) => f());
export let needsSignIn = false;

/**
 * Signed in but no project chosen yet (40301, right after signing in): nothing is wrong with the
 * items, the round stops and they wait, untouched, until a project is chosen.
 */
const noProjectYet = (e: unknown) => e instanceof Refused && e.code === ErrorCode.projectRequired;

export function syncNow(): Promise<void> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

async function save(items: QueueItem[]) {
  await store.putItems(items);
  changed();
}

async function run(): Promise<void> {
  if (!navigator.onLine) {
    changed(); // what was just saved shows at once
    return;
  }
  needsSignIn = false;
  try {
    await uploadMedia();
    await sendRecords();
    await sendClockIns();
    await refreshStates();
  } catch (e) {
    if (e instanceof Refused && signInAgain(e.code)) needsSignIn = true;
    else if (!(e instanceof Unreachable) && !noProjectYet(e)) throw e;
  } finally {
    const all = await store.allItems();
    const keep = new Set(kept(all, Date.now()).map((i) => i.uuid));
    const gone = all.filter((i) => !keep.has(i.uuid));
    if (gone.length) await store.deleteItems(gone.map((i) => i.uuid));
    changed();
  }
}

async function uploadMedia() {
  for (const item of due(await store.allItems(), Date.now())) {
    let current = item;
    for (const m of item.media) {
      if (m.fileId) continue;
      const blob = await store.getBlob(m.key);
      if (!blob) continue;
      try {
        const fileId = await upload(m.kind, blob, m.kind === 'photo' ? 'photo.jpg' : 'video.mp4');
        current = { ...current, media: current.media.map((x) => (x.key === m.key ? { ...x, fileId } : x)) };
        await save([current]);
      } catch (e) {
        if (noProjectYet(e)) throw e;
        if (e instanceof Refused && !signInAgain(e.code)) {
          await save([{ ...current, state: 'refused', message: e.message, errors: [] }]);
          break;
        }
        await save([failed(current, Date.now())]);
        throw e;
      }
    }
  }
}

async function sendRecords() {
  for (;;) {
    const all = await store.allItems();
    const batch = nextBatch(all, Date.now());
    if (!batch.length) return;
    const uuids = batch.map((i) => i.uuid);
    try {
      const v = await call<{ results: CollectAnswer[] }>('POST', '/api/collect/records', {
        records: batch.map(toCollectRecord),
      });
      const next = applyAnswers(batch, uuids, v.results, Date.now());
      await save(next);
      // Media of sent records are no longer needed on the phone.
      const sent = next.filter((i) => i.state === 'sent').flatMap((i) => i.media.map((m) => m.key));
      if (sent.length) await store.deleteBlobs(sent);
    } catch (e) {
      if (!noProjectYet(e)) await save(failBatch(batch, uuids, Date.now()));
      throw e;
    }
  }
}

async function sendClockIns() {
  const items = due(await store.allItems(), Date.now()).filter(
    (i) => i.kind === 'clockIn' && i.media.every((m) => m.fileId),
  );
  for (const item of items) {
    try {
      const v = await call<{ id: string }>('POST', '/api/collect/clockIn', {
        ...item.payload,
        uuid: item.uuid,
        faceFileId: item.media[0]?.fileId,
      });
      await save([{ ...item, state: 'sent', serverId: v.id, sentAt: Date.now(), attempts: 0 }]);
    } catch (e) {
      if (noProjectYet(e)) throw e;
      if (e instanceof Refused && !signInAgain(e.code)) {
        await save([{ ...item, state: 'refused', message: e.message, errors: [] }]);
      } else {
        await save([failed(item, Date.now())]);
        throw e;
      }
    }
  }
}

async function refreshStates() {
  const all = await store.allItems();
  const sent = all.filter((i) => i.kind === 'record' && (i.state === 'sent' || i.state === 'sentBack'));
  for (let i = 0; i < sent.length; i += 500) {
    const ids = sent.slice(i, i + 500).map((x) => x.serverId ?? x.uuid);
    const v = await call<{ list: { id: string; state: string; reason: string | null }[] }>(
      'POST',
      '/api/collect/states',
      { ids },
    );
    await save(applyStates(sent.slice(i, i + 500), v.list));
  }
}

/** Start the loop: now, when the network returns, and every 15 s. */
export function startSync() {
  addEventListener('online', () => void syncNow());
  setInterval(() => void syncNow(), 15_000);
  void syncNow();
}

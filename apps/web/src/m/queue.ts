/*
 * The field app's upload queue, as pure functions over plain items (no I/O): which items are due,
 * how a batch answer changes them, how a failure backs off. `sync.ts` does the I/O with these.
 *
 * Nothing is lost: an item leaves "waiting" only when the server answered for it (created,
 * duplicate → sent; rejected → refused). A missing answer, a network error or a server fault
 * leaves it waiting with a later `nextAt`; resending is safe because the server stores each
 * uuid once.
 */

export type ItemState = 'waiting' | 'sent' | 'refused' | 'sentBack';
export type FieldError = { field: string; message: string };

/** A photo or video of an item: its bytes live in the blob store under `key` until uploaded. */
export type MediaRef = { field: string; key: string; kind: 'photo' | 'video'; fileId?: string };

export type QueueItem = {
  uuid: string;
  kind: 'record' | 'clockIn';
  /** What the user saved: a collect record (without media ids) or a clock-in. */
  payload: Record<string, unknown>;
  media: MediaRef[];
  state: ItemState;
  savedAt: number;
  attempts: number;
  nextAt: number;
  /** The server's per-field messages (refused) or its message. */
  errors?: FieldError[];
  message?: string;
  /** The supervisor's reason (sent back). */
  reason?: string;
  serverId?: string;
  sentAt?: number;
};

export type CollectAnswer = {
  uuid: string;
  status: 'created' | 'duplicate' | 'rejected';
  id?: string;
  errors?: FieldError[];
};

export const BATCH_SIZE = 100;
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Sent items are kept on the phone this long, to show their state. */
export const KEEP_MS = 30 * 24 * 3600_000;

/** Exponential backoff: 2 s, 4 s, 8 s … up to 5 min. */
export function backoff(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

/** Waiting items whose time has come, oldest saved first (the order they are sent in). */
export function due(items: QueueItem[], now: number): QueueItem[] {
  return items
    .filter((i) => i.state === 'waiting' && i.nextAt <= now)
    .sort((a, b) => a.savedAt - b.savedAt || a.uuid.localeCompare(b.uuid));
}

/** The next batch of records to send: due records whose media are all uploaded, in order. */
export function nextBatch(items: QueueItem[], now: number, size = BATCH_SIZE): QueueItem[] {
  return due(items, now)
    .filter((i) => i.kind === 'record' && i.media.every((m) => m.fileId))
    .slice(0, size);
}

/** The record as the ingestion API takes it: media fields hold the uploaded file ids. */
export function toCollectRecord(item: QueueItem): Record<string, unknown> {
  const fields = { ...((item.payload.fields as Record<string, unknown> | undefined) ?? {}) };
  for (const m of item.media) {
    const prev = fields[m.field];
    fields[m.field] = [...(Array.isArray(prev) ? prev : []), m.fileId];
  }
  return { ...item.payload, uuid: item.uuid, fields };
}

/**
 * A batch answer applied: each answered item is sent or refused; an item the answer does not
 * mention (a partial answer) stays waiting and backs off. Items not in the batch are unchanged.
 */
export function applyAnswers(
  items: QueueItem[],
  batch: string[],
  answers: CollectAnswer[],
  now: number,
): QueueItem[] {
  const byUuid = new Map(answers.map((a) => [a.uuid, a]));
  const inBatch = new Set(batch);
  return items.map((item) => {
    if (!inBatch.has(item.uuid)) return item;
    const a = byUuid.get(item.uuid);
    if (!a) return failed(item, now);
    if (a.status === 'rejected') {
      return { ...item, state: 'refused', errors: a.errors ?? [], attempts: 0 };
    }
    const { errors: _e, message: _m, ...rest } = item;
    return { ...rest, state: 'sent', serverId: a.id ?? item.uuid, sentAt: now, attempts: 0 };
  });
}

/** A failed try (network off, server fault): the item waits and backs off. */
export function failed(item: QueueItem, now: number): QueueItem {
  const attempts = item.attempts + 1;
  return { ...item, state: 'waiting', attempts, nextAt: now + backoff(attempts) };
}

/** The same failure for every item of a batch. */
export function failBatch(items: QueueItem[], batch: string[], now: number): QueueItem[] {
  const inBatch = new Set(batch);
  return items.map((i) => (inBatch.has(i.uuid) ? failed(i, now) : i));
}

/** A refused item corrected by the user: new fields, waiting again, due now. */
export function corrected(item: QueueItem, payload: Record<string, unknown>, now: number): QueueItem {
  const { errors: _e, message: _m, ...rest } = item;
  return { ...rest, payload, state: 'waiting', attempts: 0, nextAt: now };
}

/** States from the server for sent records: a sent-back one shows its reason. */
export function applyStates(
  items: QueueItem[],
  states: { id: string; state: string; reason: string | null }[],
): QueueItem[] {
  const byId = new Map(states.map((s) => [s.id, s]));
  return items.map((item) => {
    const s = byId.get(item.serverId ?? item.uuid);
    if (!s || (item.state !== 'sent' && item.state !== 'sentBack')) return item;
    if (s.state === '30') return { ...item, state: 'sentBack', reason: s.reason ?? '' };
    return { ...item, state: 'sent', reason: undefined };
  });
}

/** Items worth keeping: everything not sent, and sent ones of the last 30 days. */
export function kept(items: QueueItem[], now: number): QueueItem[] {
  return items.filter((i) => i.state !== 'sent' || now - (i.sentAt ?? i.savedAt) <= KEEP_MS);
}

/** A record the server lists as the caller's own (POST /api/collect/mine). */
export type MineRow = {
  id: string;
  tableCode: string;
  sectionCode: string;
  timeSubmit: string;
  state: string;
  reason: string | null;
};
/** One line of "my records": an item of this phone's queue, a server row, or both (the same uuid). */
export type ListedRecord = { key: string; at: number; item?: QueueItem; server?: MineRow };

/**
 * This phone's queue merged with the server's list of the caller's own recent records: one line
 * per record (the queue item and the server row of the same uuid together), newest first. Rows
 * only the server has were sent from another phone (or this phone's copy was cleared).
 */
export function mergeMine(items: QueueItem[], server: MineRow[]): ListedRecord[] {
  const byId = new Map(server.map((r) => [r.id, r]));
  const out: ListedRecord[] = items.map((item) => {
    const row = byId.get(item.serverId ?? item.uuid);
    if (row) byId.delete(row.id);
    return { key: item.uuid, at: item.savedAt, item, server: row };
  });
  for (const row of byId.values()) out.push({ key: row.id, at: Date.parse(row.timeSubmit), server: row });
  return out.sort((a, b) => b.at - a.at || a.key.localeCompare(b.key));
}

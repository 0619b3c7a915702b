import type { CollectMineValue, CollectSetupValue } from '@pineguard/contract';
import { useEffect, useState } from 'react';
import { endpoint } from '../api.ts';
import type { Translate } from '../messages.ts';
import { type ListedRecord, mergeMine, type MineRow, type QueueItem } from '../queue.ts';
import * as store from '../store.ts';
import { syncNow } from '../sync.ts';
import { ItemLine, serverStateKey } from './ItemLine.tsx';

/** The first page of "my records" from the server, kept per project for offline use. */
const mineKey = (project: string) => `mine:${project}`;

/**
 * The records tab: this phone's queue (waiting, sent, refused with the reason, correctable) merged
 * with the worker's records of the last 30 days sent from any phone (queue.ts mergeMine).
 */
export function Queue({
  t,
  items,
  setup,
  onEdit,
}: {
  t: Translate;
  items: QueueItem[];
  setup: CollectSetupValue;
  onEdit: (i: QueueItem) => void;
}) {
  const [server, setServer] = useState<MineRow[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const project = setup.project.code;
  const sentCount = items.filter((i) => i.state !== 'waiting').length;
  // My records of the last 30 days from the server (sent from any phone): the cached first page
  // at once, then the server's when it answers; again after each sync that sent something.
  useEffect(() => {
    let live = true;
    void (async () => {
      const cached = await store.getSetting<CollectMineValue>(mineKey(project));
      if (live && cached) {
        setServer(cached.list);
        setCursor(cached.nextCursor);
      }
      if (!navigator.onLine) return;
      try {
        const v = await endpoint('POST /api/collect/mine', { pageSize: 50 });
        await store.setSetting(mineKey(project), v);
        if (!live) return;
        setServer(v.list);
        setCursor(v.nextCursor);
      } catch {
        // Offline or refused: the cached page (or the phone's own queue) is what shows.
      }
    })();
    return () => {
      live = false;
    };
  }, [project, sentCount]);
  const more = async () => {
    if (!cursor) return;
    try {
      const v = await endpoint('POST /api/collect/mine', { pageSize: 50, cursor });
      setServer((old) => [...old, ...v.list.filter((r) => !old.some((o) => o.id === r.id))]);
      setCursor(v.nextCursor);
    } catch {
      // Stays as it is; the button can be pressed again.
    }
  };

  const lines: ListedRecord[] = mergeMine(items, server);
  const tableName = (code: unknown) => setup.tables.find((x) => x.code === code)?.name ?? String(code);
  const sectionName = (code: string) => setup.sections.find((x) => x.code === code)?.name ?? code;
  return (
    <div>
      <button className="m-button secondary" onClick={() => void syncNow()}>
        {t('syncNow')}
      </button>
      {!lines.length && <p className="help">{t('emptyQueue')}</p>}
      <ul className="m-queue">
        {lines.map(({ key, item, server: row }) =>
          item ? (
            <ItemLine
              key={key}
              t={t}
              item={item}
              server={row}
              title={item.kind === 'clockIn' ? t('clockInItem') : tableName(item.payload.tableCode)}
              onEdit={onEdit}
            />
          ) : row ? (
            <li
              key={key}
              className={`state-server-${row.state}`}
              data-testid="mine-item"
              data-state={row.state}
            >
              <div className="m-row">
                <strong>{tableName(row.tableCode)}</strong>
                <span className="m-state">{t(serverStateKey(row.state))}</span>
              </div>
              <div className="help">
                {new Date(row.timeSubmit).toLocaleString()} · {sectionName(row.sectionCode)} ·{' '}
                {t('otherDevice')}
              </div>
              {row.state === '30' && row.reason && (
                <div className="m-error">{t('reason', { reason: row.reason })}</div>
              )}
            </li>
          ) : null,
        )}
      </ul>
      {cursor && (
        <button className="m-button secondary" onClick={() => void more()}>
          {t('more')}
        </button>
      )}
    </div>
  );
}

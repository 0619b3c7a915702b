import type { MKey, Translate } from '../messages.ts';
import type { MineRow, QueueItem } from '../queue.ts';

/** The text of a record's review state on the server (10 uploaded, 20 approved, 30 sent back, 40 rejected). */
export const serverStateKey = (state: string): MKey =>
  state === '20' || state === '30' || state === '40' ? `server.${state}` : 'server.10';

/** One item of this phone's queue: its state and, when refused or sent back, why. */
export function ItemLine({
  t,
  item: i,
  title,
  server,
  onEdit,
}: {
  t: Translate;
  item: QueueItem;
  title: string;
  server?: MineRow;
  onEdit?: (i: QueueItem) => void;
}) {
  return (
    <li className={`state-${i.state}`} data-testid="queue-item" data-state={i.state}>
      <div className="m-row">
        <strong>{title}</strong>
        <span className="m-state">
          {server && i.state === 'sent' ? t(serverStateKey(server.state)) : t(`state.${i.state}`)}
        </span>
      </div>
      <div className="help">{new Date(i.savedAt).toLocaleString()}</div>
      {i.message && <div className="m-error">{i.message}</div>}
      {(i.errors ?? []).map((e) => (
        <div key={e.field} className="m-error">
          {e.message}
        </div>
      ))}
      {i.reason && <div className="m-error">{t('reason', { reason: i.reason })}</div>}
      {onEdit && i.kind === 'record' && i.state === 'refused' && (
        <button className="m-button small" onClick={() => onEdit(i)}>
          {t('edit')}
        </button>
      )}
    </li>
  );
}

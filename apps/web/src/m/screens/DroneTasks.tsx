import type { DroneCheckBody, DroneFieldTask } from '@pineguard/contract';
import { useCallback, useEffect, useState } from 'react';
import { call, Refused, signInAgain, Unreachable, upload } from '../api.ts';
import type { MLang } from '../messages.ts';
import { resizePhoto } from '../photo.ts';
import { usePosition } from '../position.ts';
import * as store from '../store.ts';

/**
 * 核查任务 (issue 32): the worker's open drone tasks nearest first, with a link to navigate; a
 * check (confirmed dead with photo and GPS, or not a dead pine / not found with a reason) is kept
 * in the phone's outbox and sent when the network is there, so it works offline. The list last
 * read is kept too, and checks waiting to go are hidden from it.
 */
const card = {
  border: '1px solid #d9d9d9',
  borderRadius: 8,
  padding: 10,
  margin: '8px 0',
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  alignItems: 'center',
} as const;

type Pending = { id: string; body: DroneCheckBody; photo?: Blob };

const texts = {
  'zh-CN': {
    title: '无人机核查任务',
    back: '返回采集',
    none: '没有待核查的任务',
    cached: '离线：显示上次读取的任务',
    waiting: '{n} 条核查待发送',
    away: '约 {d} 米',
    score: '得分',
    navigate: '导航',
    confirm: '确认枯死（拍照）',
    notPine: '不是枯死松树',
    notFound: '未找到',
    reason: '原因',
    send: '提交',
    refused: '未被接受：{m}',
  },
  en: {
    title: 'Drone verification tasks',
    back: 'Back to collecting',
    none: 'No open tasks',
    cached: 'Offline: the tasks last read',
    waiting: '{n} checks waiting to be sent',
    away: 'about {d} m',
    score: 'Score',
    navigate: 'Navigate',
    confirm: 'Confirm dead (photo)',
    notPine: 'Not a dead pine',
    notFound: 'Not found',
    reason: 'Reason',
    send: 'Send',
    refused: 'Not accepted: {m}',
  },
};

async function flush(): Promise<string[]> {
  const pending = (await store.getSetting<Pending[]>('droneChecks')) ?? [];
  const left: Pending[] = [];
  const refused: string[] = [];
  for (const p of pending) {
    try {
      const body = { ...p.body };
      if (p.photo) body.photoFileId = await upload('photo', p.photo, 'photo.jpg');
      await call('POST', `/api/drone/field/tasks/${p.id}/check`, body);
    } catch (e) {
      if (e instanceof Refused && !signInAgain(e.code)) refused.push(e.message);
      else left.push(p);
    }
  }
  await store.setSetting('droneChecks', left);
  return refused;
}

export function DroneTasks({ lang, onBack }: { lang: MLang; onBack: () => void }) {
  const t = texts[lang === 'en' ? 'en' : 'zh-CN'];
  const pos = usePosition();
  const [tasks, setTasks] = useState<DroneFieldTask[]>([]);
  const [offline, setOffline] = useState(false);
  const [pending, setPending] = useState<Pending[]>([]);
  const [open, setOpen] = useState<{ id: string; result: 'not_pine' | 'not_found' } | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const here = pos && pos !== 'none' ? pos : null;

  const load = useCallback(async () => {
    const refused = await flush().catch(() => []);
    if (refused.length) setError(t.refused.replace('{m}', refused.join('; ')));
    setPending((await store.getSetting<Pending[]>('droneChecks')) ?? []);
    const q = here ? `?lng=${here.long}&lat=${here.lat}` : '';
    try {
      const list = await call<DroneFieldTask[]>('GET', `/api/drone/field/tasks${q}`);
      await store.setSetting('droneTasks', list);
      setTasks(list);
      setOffline(false);
    } catch (e) {
      if (!(e instanceof Unreachable)) throw e;
      setTasks((await store.getSetting<DroneFieldTask[]>('droneTasks')) ?? []);
      setOffline(true);
    }
  }, [here?.long, here?.lat]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    // Read once the screen is up, and again whenever the network comes back.
    const again = () => void load();
    const first = setTimeout(again, 0);
    window.addEventListener('online', again);
    return () => {
      clearTimeout(first);
      window.removeEventListener('online', again);
    };
  }, [load]);

  const queue = async (p: Pending) => {
    const all = [...((await store.getSetting<Pending[]>('droneChecks')) ?? []), p];
    await store.setSetting('droneChecks', all);
    setOpen(null);
    setReason('');
    await load();
  };
  const gps = () => (here ? { lng: here.long, lat: here.lat } : {});
  const waitingIds = new Set(pending.map((p) => p.id));
  const shown = tasks.filter((x) => !waitingIds.has(x.id));
  return (
    <main className="m-main" data-testid="drone-tasks">
      <button className="m-link" onClick={onBack}>
        ← {t.back}
      </button>
      <h2>{t.title}</h2>
      {offline && <p className="help">{t.cached}</p>}
      {pending.length > 0 && <p className="help">{t.waiting.replace('{n}', String(pending.length))}</p>}
      {error && <div className="m-error">{error}</div>}
      {shown.length === 0 && <p className="help">{t.none}</p>}
      {shown.map((x) => (
        <div key={x.id} style={card} data-testid="drone-task">
          <div>
            <strong>{x.sectionName || x.sectionCode}</strong>{' '}
            {x.distanceM !== null && <span>{t.away.replace('{d}', String(x.distanceM))}</span>}
          </div>
          <div className="help">
            {x.lng.toFixed(6)}, {x.lat.toFixed(6)} · {t.score} {x.score.toFixed(2)} · {x.areaM2} m²
          </div>
          <a className="m-link" href={`geo:${x.lat},${x.lng}?q=${x.lat},${x.lng}`}>
            {t.navigate}
          </a>
          <label className="m-button small">
            {t.confirm}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                void resizePhoto(file).then((photo) =>
                  queue({ id: x.id, body: { result: 'confirmed', ...gps() }, photo }),
                );
              }}
            />
          </label>
          <button
            className="m-button small secondary"
            onClick={() => setOpen({ id: x.id, result: 'not_pine' })}
          >
            {t.notPine}
          </button>
          <button
            className="m-button small secondary"
            onClick={() => setOpen({ id: x.id, result: 'not_found' })}
          >
            {t.notFound}
          </button>
          {open?.id === x.id && (
            <div>
              <input
                aria-label={t.reason}
                placeholder={t.reason}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <button
                className="m-button small"
                disabled={!reason.trim()}
                onClick={() =>
                  void queue({ id: x.id, body: { result: open.result, reason: reason.trim(), ...gps() } })
                }
              >
                {t.send}
              </button>
            </div>
          )}
        </div>
      ))}
    </main>
  );
}

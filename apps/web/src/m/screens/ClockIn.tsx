import { useState } from 'react';
import { prepareMedia } from '../media.ts';
import type { Translate } from '../messages.ts';
import { usePosition } from '../position.ts';
import type { QueueItem } from '../queue.ts';
import * as store from '../store.ts';
import { syncNow } from '../sync.ts';
import { ItemLine } from './ItemLine.tsx';
import { PositionLine } from './PositionLine.tsx';

/** The clock-in tab: a face photo at the phone's position in the chosen section, and its answer. */
export function ClockIn({ t, section, items }: { t: Translate; section: string; items: QueueItem[] }) {
  const pos = usePosition();
  const [face, setFace] = useState<{ blob: Blob; url: string } | null>(null);
  const [mine, setMine] = useState<string | null>(null);
  const ready = Boolean(face && section && pos && pos !== 'none');
  // The clock-in just made here (else the last one on the phone): its answer shows on this screen.
  const clockIns = items.filter((i) => i.kind === 'clockIn').sort((a, b) => b.savedAt - a.savedAt);
  const last = clockIns.find((i) => i.uuid === mine) ?? clockIns[0];
  const save = async () => {
    if (!face || !pos || pos === 'none') return;
    const { blobs, refs } = await prepareMedia([
      { field: 'face', kind: 'photo', blob: face.blob, url: face.url },
    ]);
    const now = Date.now();
    const uuid = crypto.randomUUID();
    await store.saveWithBlobs(
      {
        uuid,
        kind: 'clockIn',
        payload: {
          sectionCode: section,
          time: new Date().toISOString(),
          gps: { long: pos.long, lat: pos.lat, range: pos.range },
        },
        // Face photos upload as kind "photo" (any project member may upload one); the server checks it is an image.
        media: refs,
        state: 'waiting',
        savedAt: now,
        attempts: 0,
        nextAt: now,
      },
      blobs,
    );
    setMine(uuid);
    setFace(null);
    // A run already under way may have started before this save: run again after it.
    await syncNow();
    void syncNow();
  };
  const status =
    last &&
    (last.state === 'sent'
      ? { cls: 'm-ok', text: t('clockInDone') }
      : last.state === 'refused'
        ? { cls: 'm-error', text: t('clockInRefused') }
        : { cls: 'help', text: t(navigator.onLine ? 'clockInSending' : 'clockInWaiting') });
  return (
    <div>
      <PositionLine t={t} pos={pos} />
      {!section && <p className="m-error">{t('chooseSection')}</p>}
      <div className="m-media">
        {face && <img src={face.url} alt="" className="m-face" />}
        <label className="m-button secondary">
          {t('clockInFace')}
          <input
            type="file"
            data-field="face"
            accept="image/*"
            capture="user"
            hidden
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) setFace({ blob: f, url: URL.createObjectURL(f) });
            }}
          />
        </label>
      </div>
      <button className="m-button" disabled={!ready} onClick={() => void save()}>
        {t('clockIn')}
      </button>
      {last && status && (
        <div className="m-clockin-result" data-testid="clockin-result" data-state={last.state}>
          <h2 className={status.cls}>{status.text}</h2>
          <ul className="m-queue">
            <ItemLine t={t} item={last} title={t('clockInItem')} />
          </ul>
        </div>
      )}
    </div>
  );
}

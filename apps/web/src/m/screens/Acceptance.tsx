import type { AcceptanceItem, AcceptanceSample } from '@pineguard/contract';
import { useCallback, useEffect, useState } from 'react';
import type { MLang } from '../messages.ts';
import { usePosition } from '../position.ts';
import { AcceptanceCheck } from './AcceptanceCheck.tsx';
import { loadItems, loadSamples, onOutbox, type OutboxCheck, outbox } from './acceptanceOutbox.ts';
import { acceptanceWords, bearingText, distanceBearing, distanceText } from './acceptanceWords.ts';

/**
 * The inspector's 检查验收 on the phone: the project's samples, then a sample's records nearest
 * first from the current position (distance, bearing, a geo: link for the phone's map app and a
 * web map link), each opening the check form. Works offline from the lists downloaded last.
 */
export function Acceptance({ lang, onBack }: { lang: MLang; onBack: () => void }) {
  const t = acceptanceWords(lang);
  const [samples, setSamples] = useState<AcceptanceSample[] | null>(null);
  const [sample, setSample] = useState<AcceptanceSample | null>(null);
  const [items, setItems] = useState<{ list: AcceptanceItem[]; at: number | null; fresh: boolean } | null>(
    null,
  );
  const [checking, setChecking] = useState<AcceptanceItem | null>(null);
  const [queued, setQueued] = useState<OutboxCheck[]>([]);
  const pos = usePosition();

  useEffect(() => {
    void loadSamples().then((r) => setSamples(r.value?.list ?? []));
    const load = () => void outbox().then(setQueued);
    load();
    return onOutbox(load);
  }, []);
  const openSample = useCallback(async (s: AcceptanceSample) => {
    setSample(s);
    const r = await loadItems(s.id);
    setItems({ list: r.value?.list ?? [], at: r.at, fresh: r.fresh });
  }, []);

  if (checking && sample)
    return (
      <AcceptanceCheck
        lang={lang}
        sampleId={sample.id}
        item={checking}
        onDone={() => {
          setChecking(null);
          void openSample(sample);
        }}
      />
    );

  const here = pos && pos !== 'none' ? pos : null;
  const waitingFor = new Set(queued.map((q) => `${q.input.sampleId}/${q.input.recordId}`));
  const rows = (items?.list ?? [])
    .map((it) => ({ it, d: here ? distanceBearing(here, it) : null }))
    .sort((a, b) => (a.d && b.d ? a.d.metres - b.d.metres : 0));
  return (
    <main className="m-main" data-testid="acceptance-screen">
      <div className="m-row">
        <button
          className="m-button secondary small"
          style={{ flexShrink: 0 }}
          onClick={sample ? () => setSample(null) : onBack}
        >
          {t('back')}
        </button>
        <strong>{sample ? sample.name : t('title')}</strong>
      </div>
      {queued.length > 0 && (
        <p className="help" data-testid="acceptance-outbox">
          {t('outbox', { n: queued.length })}
          {queued
            .filter((q) => q.state === 'refused')
            .map((q) => (
              <span key={q.input.clientId} className="m-error">
                {t('refused', { message: q.message ?? '' })}
              </span>
            ))}
        </p>
      )}
      {!sample && (
        <>
          <h3>{t('samples')}</h3>
          {samples && !samples.length && <p className="help">{t('noSamples')}</p>}
          <ul className="m-queue">
            {(samples ?? []).map((s) => (
              <li key={s.id}>
                <button
                  className="m-button secondary"
                  onClick={() => void openSample(s)}
                  data-testid="acceptance-sample"
                >
                  {s.name} · {t('progress', { checked: s.checked, drawn: s.drawn })}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {sample && items && (
        <>
          {!items.fresh && (
            <p className="help">
              {items.at ? t('cached', { at: new Date(items.at).toLocaleString() }) : t('loadFailed')}
            </p>
          )}
          {!here && <p className="help">{t('noFix')}</p>}
          <ul className="m-queue" data-testid="acceptance-items">
            {rows.map(({ it, d }) => {
              const waiting = waitingFor.has(`${sample.id}/${it.recordId}`);
              const state = waiting ? t('queued') : t(it.state);
              return (
                <li key={it.recordId} className={`state-${waiting ? 'waiting' : it.state}`}>
                  <div className="m-row">
                    <span>
                      {it.sectionCode} {it.qrcode || it.recordId.slice(0, 8)}
                    </span>
                    <span className="m-state">{state}</span>
                  </div>
                  <div className="help">
                    {it.recordAt} {it.place}
                    <br />
                    {d ? t('distance', { d: distanceText(d.metres), b: bearingText(d.degrees, lang) }) : ''}
                  </div>
                  <div className="m-row">
                    <a
                      className="m-button secondary small"
                      href={`geo:${it.lat},${it.long}?q=${it.lat},${it.long}`}
                    >
                      {t('navigate')}
                    </a>
                    <a
                      className="m-button secondary small"
                      target="_blank"
                      rel="noreferrer"
                      href={`https://uri.amap.com/marker?position=${it.long},${it.lat}&coordinate=wgs84`}
                    >
                      {t('map')}
                    </a>
                    <button
                      className="m-button small"
                      onClick={() => setChecking(it)}
                      data-testid="acceptance-check"
                    >
                      {t('check')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </main>
  );
}

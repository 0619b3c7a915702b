import { type AcceptanceItem, reconcileTables } from '@pineguard/contract';
import { useState } from 'react';
import type { MLang } from '../messages.ts';
import { resizePhoto } from '../photo.ts';
import { usePosition } from '../position.ts';
import { saveCheck } from './acceptanceOutbox.ts';
import { acceptanceWords } from './acceptanceWords.ts';

type YesNo = boolean | null;

/**
 * One sampled record's check: found on site; for a felling the measured stump, cover and
 * branches; the disposal; photos; the position; a remark. Saved to the phone's outbox at once
 * (works offline) and sent when the network is there.
 */
export function AcceptanceCheck({
  lang,
  sampleId,
  item,
  onDone,
}: {
  lang: MLang;
  sampleId: string;
  item: AcceptanceItem;
  onDone: () => void;
}) {
  const t = acceptanceWords(lang);
  const pos = usePosition();
  const felling = item.tableCode === reconcileTables.felling;
  const [found, setFound] = useState<YesNo>(true);
  const [stump, setStump] = useState('');
  const [covered, setCovered] = useState<YesNo>(null);
  const [branches, setBranches] = useState<YesNo>(null);
  const [disposal, setDisposal] = useState<YesNo>(null);
  const [remark, setRemark] = useState('');
  const [photos, setPhotos] = useState<Blob[]>([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const yesNo = (id: string, label: string, value: YesNo, set: (v: YesNo) => void) => (
    <div className="m-field">
      <label>{label}</label>
      <div className="m-checks" role="radiogroup" aria-label={label}>
        {[true, false].map((v) => (
          <label key={String(v)} className={value === v ? 'on' : ''}>
            <input
              type="radio"
              name={id}
              checked={value === v}
              onChange={() => set(v)}
              data-testid={`acc-${id}-${v ? 'yes' : 'no'}`}
            />
            {v ? t('yes') : t('no')}
          </label>
        ))}
      </div>
    </div>
  );

  const save = async () => {
    const stumpCm = stump.trim() === '' ? undefined : Number(stump);
    if (found && felling && (stumpCm === undefined || !Number.isFinite(stumpCm))) {
      setError(t('needStump'));
      return;
    }
    setSaving(true);
    const here = pos && pos !== 'none' ? pos : null;
    await saveCheck(
      {
        sampleId,
        recordId: item.recordId,
        clientId: crypto.randomUUID(),
        found: Boolean(found),
        ...(found && felling
          ? { stumpCm, covered: covered ?? undefined, branches: branches ?? undefined }
          : {}),
        ...(found ? { disposal: disposal ?? undefined } : {}),
        ...(here ? { gps: { long: here.long, lat: here.lat, range: here.range } } : {}),
        remark: remark.trim(),
        checkedAt: new Date().toISOString(),
      },
      photos,
    );
    onDone();
  };

  return (
    <main className="m-main" data-testid="acceptance-check-form">
      <div className="m-row">
        <button className="m-button secondary small" style={{ flexShrink: 0 }} onClick={onDone}>
          {t('back')}
        </button>
        <strong>
          {item.sectionCode} {item.qrcode || item.recordId.slice(0, 8)}
        </strong>
      </div>
      {yesNo('found', t('found'), found, setFound)}
      {found && felling && (
        <>
          <div className={`m-field${error ? ' error' : ''}`}>
            <label htmlFor="acc-stump">{t('stump')}</label>
            <input
              id="acc-stump"
              inputMode="decimal"
              value={stump}
              onChange={(e) => {
                setStump(e.target.value);
                setError('');
              }}
              data-testid="acc-stump"
            />
            {error && <div className="m-error">{error}</div>}
          </div>
          {yesNo('covered', t('covered'), covered, setCovered)}
          {yesNo('branches', t('branches'), branches, setBranches)}
        </>
      )}
      {found && yesNo('disposal', t('disposal'), disposal, setDisposal)}
      <div className="m-field">
        <label>{t('photos')}</label>
        <div className="m-media">
          {photos.map((p, i) => (
            <img key={i} src={URL.createObjectURL(p)} alt={`${t('photos')} ${i + 1}`} />
          ))}
        </div>
        <label className="m-button secondary small">
          {t('takePhoto')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            data-testid="acc-photo"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file)
                void resizePhoto(file).then(
                  (b) => setPhotos((list) => [...list, b]),
                  () => setPhotos((list) => [...list, file]),
                );
            }}
          />
        </label>
      </div>
      <div className="m-field">
        <label htmlFor="acc-remark">{t('remark')}</label>
        <textarea
          id="acc-remark"
          maxLength={500}
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
      </div>
      <p className="help">
        {t('position')}:{' '}
        {pos && pos !== 'none' ? `${pos.lat.toFixed(6)}, ${pos.long.toFixed(6)} ±${pos.range} m` : '—'}
      </p>
      <button className="m-button" disabled={saving} onClick={() => void save()} data-testid="acc-save">
        {t('save')}
      </button>
    </main>
  );
}

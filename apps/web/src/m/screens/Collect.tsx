import type { CollectSetupValue } from '@pineguard/contract';
import { useState } from 'react';
import { type FormValues, type PickedMedia, problemsOf, RecordForm, useFields } from '../Form.tsx';
import { prepareMedia } from '../media.ts';
import type { MLang, Translate } from '../messages.ts';
import { type Position, usePosition } from '../position.ts';
import { corrected, type QueueItem } from '../queue.ts';
import * as store from '../store.ts';
import { syncNow } from '../sync.ts';
import { PositionLine } from './PositionLine.tsx';

/**
 * The collect tab: a record of the chosen standard table at the phone's position, saved to the
 * queue (sync.ts sends it). With `editing`, a refused record corrected and saved again under its
 * uuid, with its time and position as first recorded.
 */
export function Collect({
  t,
  lang,
  setup,
  section,
  editing,
  onDone,
}: {
  t: Translate;
  lang: MLang;
  setup: CollectSetupValue;
  section: string;
  editing?: QueueItem;
  onDone: () => void;
}) {
  const [tableCode, setTableCode] = useState<string>(
    (editing?.payload.tableCode as string) ?? setup.tables[0]?.code ?? '',
  );
  const table = setup.tables.find((x) => x.code === tableCode);
  const fields = useFields(table?.columns ?? [], lang);
  const [values, setValues] = useState<FormValues>(
    () => (editing?.payload.fields as FormValues | undefined) ?? {},
  );
  const [media, setMedia] = useState<PickedMedia[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    Object.fromEntries((editing?.errors ?? []).map((e) => [e.field, e.message])),
  );
  const [note, setNote] = useState('');
  const pos = usePosition();

  const save = async () => {
    // A correction keeps its already stored media: they count for "required".
    const kept = (editing?.media ?? []).map((m) => ({
      field: m.field,
      kind: m.kind,
      blob: new Blob(),
      url: '',
    }));
    const problems = problemsOf(fields, values, [...kept, ...media]);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const gps = pos && pos !== 'none' ? pos : { long: 0, lat: 0, alt: 0, range: 0 };
    const payload = {
      tableCode,
      sectionCode: section,
      timeSubmit: (editing?.payload.timeSubmit as string) ?? new Date().toISOString(),
      gps: (editing?.payload.gps as Position) ?? gps,
      fields: values,
    };
    const { blobs, refs } = await prepareMedia(media);
    const now = Date.now();
    const item: QueueItem = editing
      ? { ...corrected(editing, payload, now), media: [...editing.media, ...refs] }
      : {
          uuid: crypto.randomUUID(),
          kind: 'record',
          payload,
          media: refs,
          state: 'waiting',
          savedAt: now,
          attempts: 0,
          nextAt: now,
        };
    await store.saveWithBlobs(item, blobs);
    setValues({});
    setMedia([]);
    setNote(t('saved'));
    void syncNow();
    onDone();
  };

  return (
    <div>
      <div className="m-field">
        <label htmlFor="table">{t('kindOfWork')}</label>
        <select
          id="table"
          value={tableCode}
          disabled={Boolean(editing)}
          onChange={(e) => setTableCode(e.target.value)}
        >
          {setup.tables.map((x) => (
            <option key={x.code} value={x.code}>
              {x.name}
            </option>
          ))}
        </select>
      </div>
      <PositionLine t={t} pos={editing ? (editing.payload.gps as Position) : pos} />
      <RecordForm
        fields={fields}
        lang={lang}
        values={values}
        media={media}
        errors={errors}
        onValues={setValues}
        onMedia={setMedia}
      />
      {note && <div className="m-ok">{note}</div>}
      <button className="m-button" onClick={() => void save()}>
        {t('save')}
      </button>
    </div>
  );
}

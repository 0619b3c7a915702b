import type { ColumnDescriptor } from '@pineguard/contract';
import { useMemo, useState } from 'react';
import { type FieldSpec, formFieldsOf } from '../shared/descriptorForm.ts';
import { type MLang, mt } from './messages.ts';
import { readQr } from './qr.ts';
import { videoProblem } from './video.ts';

/** A photo or video chosen on the form, not yet stored. */
export type PickedMedia = { field: string; kind: 'photo' | 'video'; blob: Blob; url: string };
export type FormValues = Record<string, unknown>;

/** A column is a QR tag's number when its code says so (the felling table's `qrcode`). */
const isQr = (f: FieldSpec) => f.kind === 'input' && /qr/i.test(f.name);

/** Client-side checks from the shared rules (the server checks again and has the last word). */
export function problemsOf(
  fields: FieldSpec[],
  values: FormValues,
  media: PickedMedia[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    for (const rule of f.rules) {
      if ('required' in rule) {
        const empty =
          f.kind === 'photo' || f.kind === 'video'
            ? !media.some((m) => m.field === f.name)
            : v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
        if (empty) out[f.name] ??= rule.message;
      } else if ('type' in rule && typeof v === 'number') {
        if ((rule.min !== undefined && v < rule.min) || (rule.max !== undefined && v > rule.max))
          out[f.name] ??= rule.message;
      } else if ('max' in rule && rule.max !== undefined && typeof v === 'string' && v.length > rule.max) {
        out[f.name] ??= rule.message;
      }
    }
  }
  return out;
}

export function useFields(columns: ColumnDescriptor[], lang: MLang): FieldSpec[] {
  return useMemo(
    () =>
      formFieldsOf(columns, {
        required: (label) => mt(lang, 'required', { label }),
        upload: (label) => mt(lang, 'upload', { label }),
        range: (label, min, max) => mt(lang, 'range', { label, min: min ?? '-∞', max: max ?? '∞' }),
        maxLength: (label, max) => mt(lang, 'maxLength', { label, max }),
      }),
    [columns, lang],
  );
}

export function RecordForm(props: {
  fields: FieldSpec[];
  lang: MLang;
  values: FormValues;
  media: PickedMedia[];
  errors: Record<string, string>;
  onValues: (v: FormValues) => void;
  onMedia: (m: PickedMedia[]) => void;
}) {
  const { fields, lang, values, media, errors, onValues, onMedia } = props;
  const set = (name: string, v: unknown) => onValues({ ...values, [name]: v });
  const [scanNote, setScanNote] = useState('');
  const [mediaNotes, setMediaNotes] = useState<Record<string, string>>({});

  const scan = async (name: string, file: File | undefined) => {
    if (!file) return;
    try {
      const text = await readQr(file);
      if (!text) throw new Error('none');
      set(name, text);
      setScanNote('');
    } catch {
      setScanNote(mt(lang, 'scanNone'));
    }
  };

  /** Photos are taken as they are (resized when saved); a video too long or too big is refused here. */
  const pick = async (field: string, kind: 'photo' | 'video', files: File[]) => {
    const kept: File[] = [];
    let note = '';
    for (const blob of files) {
      const problem = kind === 'video' ? await videoProblem(blob) : null;
      if (!problem) kept.push(blob);
      else note = mt(lang, problem.kind === 'tooBig' ? 'videoTooBig' : 'videoTooLong', problem);
    }
    setMediaNotes((old) => ({ ...old, [field]: note }));
    if (!kept.length) return;
    onMedia([...media, ...kept.map((blob) => ({ field, kind, blob, url: URL.createObjectURL(blob) }))]);
  };

  const control = (f: FieldSpec) => {
    const v = values[f.name];
    switch (f.kind) {
      case 'number':
        return (
          <input
            id={f.name}
            type="number"
            inputMode="decimal"
            min={f.min}
            max={f.max}
            value={typeof v === 'number' ? v : ''}
            onChange={(e) => set(f.name, e.target.value === '' ? undefined : Number(e.target.value))}
          />
        );
      case 'textarea':
        return <textarea id={f.name} value={String(v ?? '')} onChange={(e) => set(f.name, e.target.value)} />;
      case 'date':
        return (
          <input
            id={f.name}
            type="date"
            value={String(v ?? '')}
            onChange={(e) => set(f.name, e.target.value)}
          />
        );
      case 'select':
        return (
          <select
            id={f.name}
            value={String(v ?? '')}
            onChange={(e) => set(f.name, e.target.value || undefined)}
          >
            <option value="">—</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        );
      case 'checkboxes':
      case 'multiSelect': {
        const chosen = Array.isArray(v) ? (v as string[]) : [];
        return (
          <div className="m-checks" id={f.name}>
            {f.options.map((o) => (
              <label key={o.value} className={chosen.includes(o.value) ? 'on' : ''}>
                <input
                  type="checkbox"
                  checked={chosen.includes(o.value)}
                  onChange={(e) =>
                    set(f.name, e.target.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value))
                  }
                />
                {o.label}
              </label>
            ))}
          </div>
        );
      }
      case 'photo':
      case 'video': {
        const mine = media.filter((m) => m.field === f.name);
        return (
          <div className="m-media">
            {mine.map((m) =>
              m.kind === 'photo' ? (
                <img key={m.url} src={m.url} alt="" />
              ) : (
                <video key={m.url} src={m.url} controls />
              ),
            )}
            <label className="m-button secondary">
              {mt(lang, f.kind === 'photo' ? 'takePhoto' : 'takeVideo')}
              <input
                type="file"
                data-field={f.name}
                accept={f.kind === 'photo' ? 'image/*' : 'video/*'}
                capture="environment"
                multiple={f.kind === 'photo'}
                hidden
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = '';
                  void pick(f.name, f.kind as 'photo' | 'video', files);
                }}
              />
            </label>
          </div>
        );
      }
      default:
        return (
          <div className="m-row">
            <input
              id={f.name}
              value={String(v ?? '')}
              maxLength={f.maxLength}
              onChange={(e) => set(f.name, e.target.value)}
            />
            {isQr(f) && (
              <label className="m-button secondary small">
                {mt(lang, 'scan')}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  hidden
                  onChange={(e) => void scan(f.name, e.target.files?.[0])}
                />
              </label>
            )}
          </div>
        );
    }
  };

  return (
    <div className="m-form">
      {fields.map((f) => (
        <div key={f.name} className={`m-field${errors[f.name] ? ' error' : ''}`} data-field={f.name}>
          <label htmlFor={f.name}>
            {f.label}
            {f.rules.some((r) => 'required' in r) && <span className="req">*</span>}
            {f.unit && <span className="unit">（{f.unit}）</span>}
          </label>
          {control(f)}
          {f.help && <div className="help">{f.help}</div>}
          {isQr(f) && scanNote && <div className="help">{scanNote}</div>}
          {mediaNotes[f.name] && (
            <div className="m-error" data-testid="media-note">
              {mediaNotes[f.name]}
            </div>
          )}
          {errors[f.name] && <div className="m-error">{errors[f.name]}</div>}
        </div>
      ))}
    </div>
  );
}

import type { CollectSetupValue } from '@pineguard/contract';
import { useEffect, useState } from 'react';
import type { MLang, Translate } from '../messages.ts';
import type { QueueItem } from '../queue.ts';
import * as store from '../store.ts';
import { needsSignIn, onChange } from '../sync.ts';
import { ClockIn } from './ClockIn.tsx';
import { Collect } from './Collect.tsx';
import { Queue } from './Queue.tsx';

/**
 * Signed in with a project: the section to work in, the three tabs (collect, clock in, records)
 * and, when a refused record is being corrected, the collect form over them.
 */
export function Work({ t, lang, setup }: { t: Translate; lang: MLang; setup: CollectSetupValue }) {
  const [tab, setTab] = useState<'collect' | 'clockIn' | 'queue'>('collect');
  const [section, setSection] = useState<string>('');
  const [items, setItems] = useState<QueueItem[]>([]);
  const [editing, setEditing] = useState<QueueItem | null>(null);
  const [, setTick] = useState(0);

  useEffect(() => {
    void store.getSetting<string>('section').then((s) => {
      if (s && setup.sections.some((x) => x.code === s)) setSection(s);
      // A field worker with one assigned section has nothing to choose.
      else if (setup.assignedOnly && setup.sections.length === 1) setSection(setup.sections[0]!.code);
      else setSection('');
    });
    const load = () => void store.allItems().then(setItems);
    load();
    const off = onChange(() => {
      load();
      setTick((n) => n + 1);
    });
    return () => void off();
  }, [setup]);
  const chooseSection = (code: string) => {
    setSection(code);
    void store.setSetting('section', code);
  };

  const waiting = items.filter((i) => i.state === 'waiting').length;
  // A field worker records only in the sections assigned to them (the server refuses others).
  const unassigned = setup.assignedOnly && setup.sections.length === 0;
  return (
    <>
      {unassigned ? (
        <div className="m-error" data-testid="no-section">
          {t('noSection')}
        </div>
      ) : (
        <div className="m-section">
          <label htmlFor="section">{t('section')}</label>
          <select
            id="section"
            value={section}
            onChange={(e) => chooseSection(e.target.value)}
            title={setup.assignedOnly ? t('assignedSections') : undefined}
          >
            <option value="">{t('chooseSection')}</option>
            {setup.sections.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {needsSignIn && <div className="m-error">{t('signInAgain')}</div>}
      <main className="m-main">
        {editing ? (
          <Collect
            t={t}
            lang={lang}
            setup={setup}
            section={editing.payload.sectionCode as string}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        ) : tab === 'collect' ? (
          section ? (
            <Collect t={t} lang={lang} setup={setup} section={section} onDone={() => setTab('queue')} />
          ) : (
            <p className="help">{t(unassigned ? 'noSection' : 'chooseSection')}</p>
          )
        ) : tab === 'clockIn' ? (
          <ClockIn t={t} section={section} items={items} />
        ) : (
          <Queue t={t} items={items} setup={setup} onEdit={setEditing} />
        )}
      </main>
      <nav className="m-tabs">
        {(['collect', 'clockIn', 'queue'] as const).map((k) => (
          <button
            key={k}
            className={tab === k && !editing ? 'on' : ''}
            onClick={() => {
              setEditing(null);
              setTab(k);
            }}
          >
            {t(k === 'collect' ? 'tabCollect' : k === 'clockIn' ? 'tabClockIn' : 'tabQueue')}
            {k === 'queue' && waiting > 0 && <span className="badge">{waiting}</span>}
          </button>
        ))}
      </nav>
    </>
  );
}

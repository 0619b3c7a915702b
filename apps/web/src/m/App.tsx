import type { CollectSetupValue } from '@pineguard/contract';
import { useCallback, useEffect, useState } from 'react';
import { endpoint, getToken, Refused, setApiLang, setToken } from './api.ts';
import { type MKey, type MLang, type MParams, mt } from './messages.ts';
import { SignIn } from './screens/SignIn.tsx';
import { Work } from './screens/Work.tsx';
import { Acceptance } from './screens/Acceptance.tsx';
import { startAcceptanceSync } from './screens/acceptanceOutbox.ts';
import { DroneTasks } from './screens/DroneTasks.tsx';
import * as store from './store.ts';
import { startSync } from './sync.ts';

/**
 * The field app's shell: the header (project, network, language, sign-out) over either the
 * sign-in screens or the work tabs. The project's setup (tables, sections) is the cached one at
 * once, then the server's; without a project (or refused) the sign-in screens ask for one.
 */
export function App() {
  const [lang, setLang] = useState<MLang>(() => (localStorage.getItem('pg-m-lang') as MLang) || 'zh-CN');
  const t = useCallback((k: MKey, p?: MParams) => mt(lang, k, p), [lang]);
  const [signedIn, setSignedIn] = useState(Boolean(getToken()));
  const [setup, setSetup] = useState<CollectSetupValue | null | undefined>(undefined);
  const [online, setOnline] = useState(navigator.onLine);
  // Issue 30: the inspector's 检查验收 list, opened from the header over the work tabs.
  const [checks, setChecks] = useState(false);
  // Issue 32: the drone verification tasks, opened from the header over the work tabs.
  const [drone, setDrone] = useState(false);

  useEffect(() => {
    setApiLang(lang);
    localStorage.setItem('pg-m-lang', lang);
    document.documentElement.lang = lang;
  }, [lang]);
  useEffect(() => {
    const up = () => setOnline(navigator.onLine);
    addEventListener('online', up);
    addEventListener('offline', up);
    return () => {
      removeEventListener('online', up);
      removeEventListener('offline', up);
    };
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    void (async () => {
      const cached = await store.getSetting<CollectSetupValue | null>('setup');
      setSetup(cached ?? null);
      // No project chosen in this session yet (the setup is kept only once one is): the sign-in
      // screens ask for one; asking the server first would only be refused (40301, issue 29).
      if (!cached) return;
      try {
        const fresh = await endpoint('GET /api/collect/setup');
        await store.setSetting('setup', fresh);
        setSetup(fresh);
      } catch (e) {
        if (e instanceof Refused) setSetup(null);
      }
    })();
    startSync();
    startAcceptanceSync();
  }, [signedIn]);

  const header = (
    <header className="m-header">
      <span className="m-title">{setup?.project.name ?? t('title')}</span>
      <span className={`m-net ${online ? 'on' : 'off'}`} data-testid="net">
        {t(online ? 'online' : 'offline')}
      </span>
      <button className="m-link" onClick={() => setLang(lang === 'en' ? 'zh-CN' : 'en')}>
        {t('lang')}
      </button>
      {signedIn && setup && (
        <button className="m-link" data-testid="drone-tasks-open" onClick={() => setDrone(!drone)}>
          {lang === 'en' ? 'Drone tasks' : '核查任务'}
        </button>
      )}
      {signedIn && setup && (
        <button className="m-link" data-testid="acceptance-open" onClick={() => setChecks(!checks)}>
          {lang === 'en' ? 'Checks' : '验收'}
        </button>
      )}
      {signedIn && (
        <button
          className="m-link"
          onClick={() => {
            setToken('');
            setSignedIn(false);
            setSetup(undefined);
            // The next account chooses its own project.
            void store.setSetting('setup', null);
          }}
        >
          {t('signOut')}
        </button>
      )}
    </header>
  );

  if (!signedIn || setup === null) {
    return (
      <div className="m-app">
        {header}
        <SignIn
          t={t}
          signedIn={signedIn}
          // A new session has no project yet: the setup of an earlier one does not apply.
          onDone={() => void store.setSetting('setup', null).then(() => setSignedIn(true))}
          onProject={(s) => setSetup(s)}
        />
      </div>
    );
  }
  if (setup === undefined) return <div className="m-app">{header}</div>;
  return (
    <div className="m-app">
      {header}
      {checks ? (
        <Acceptance lang={lang} onBack={() => setChecks(false)} />
      ) : drone ? (
        <DroneTasks lang={lang} onBack={() => setDrone(false)} />
      ) : (
        <Work t={t} lang={lang} setup={setup} />
      )}
    </div>
  );
}

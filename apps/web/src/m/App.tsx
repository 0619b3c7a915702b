import {
  clientPasswordHash,
  type CollectMineValue,
  type CollectSetupValue,
  ErrorCode,
  type ProjectTreeNode,
} from '@pineguard/contract';
import { type InputHTMLAttributes, useCallback, useEffect, useState } from 'react';
import { call, getToken, Refused, setApiLang, setToken } from './api.ts';
import { type FormValues, type PickedMedia, problemsOf, RecordForm, useFields } from './Form.tsx';
import { type MKey, type MLang, mt } from './messages.ts';
import { resizePhoto } from './photo.ts';
import { corrected, type ListedRecord, mergeMine, type MineRow, type QueueItem } from './queue.ts';
import * as store from './store.ts';
import { needsSignIn, onChange, startSync, syncNow } from './sync.ts';

type Position = { long: number; lat: number; alt: number; range: number };

/** The device's position while a screen needs it, with its accuracy. */
function usePosition(): Position | null | 'none' {
  const [pos, setPos] = useState<Position | null | 'none'>(() =>
    'geolocation' in navigator ? null : 'none',
  );
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (p) =>
        setPos({
          long: p.coords.longitude,
          lat: p.coords.latitude,
          alt: p.coords.altitude ?? 0,
          range: Math.round(p.coords.accuracy),
        }),
      () => setPos((old) => (old && old !== 'none' ? old : 'none')),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return pos;
}

function projectsOf(nodes: ProjectTreeNode[]): { value: string; label: string }[] {
  return nodes.flatMap((n) =>
    n.type === 'project' ? [{ value: n.value, label: n.label }] : projectsOf(n.children ?? []),
  );
}

export function App() {
  const [lang, setLang] = useState<MLang>(() => (localStorage.getItem('pg-m-lang') as MLang) || 'zh-CN');
  const t = useCallback((k: MKey, p?: Record<string, string | number | undefined>) => mt(lang, k, p), [lang]);
  const [signedIn, setSignedIn] = useState(Boolean(getToken()));
  const [setup, setSetup] = useState<CollectSetupValue | null | undefined>(undefined);
  const [online, setOnline] = useState(navigator.onLine);

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
      const cached = await store.getSetting<CollectSetupValue>('setup');
      setSetup(cached ?? null);
      try {
        const fresh = await call<CollectSetupValue>('GET', '/api/collect/setup');
        await store.setSetting('setup', fresh);
        setSetup(fresh);
      } catch (e) {
        if (e instanceof Refused) setSetup(null);
      }
    })();
    startSync();
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
      {signedIn && (
        <button
          className="m-link"
          onClick={() => {
            setToken('');
            setSignedIn(false);
            setSetup(undefined);
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
        <SignIn t={t} signedIn={signedIn} onDone={() => setSignedIn(true)} onProject={(s) => setSetup(s)} />
      </div>
    );
  }
  if (setup === undefined) return <div className="m-app">{header}</div>;
  return (
    <div className="m-app">
      {header}
      <Work t={t} lang={lang} setup={setup} />
    </div>
  );
}

type T = (k: MKey, p?: Record<string, string | number | undefined>) => string;

/** An account registered with an invitation code on this phone, waiting for review. */
type Pending = { account: string; project: string; note?: string };
const PENDING_KEY = 'pg-m-pending';
function readPending(): Pending | null {
  try {
    return JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null;
  } catch {
    return null;
  }
}
function writePending(p: Pending | null) {
  if (p) localStorage.setItem(PENDING_KEY, JSON.stringify(p));
  else localStorage.removeItem(PENDING_KEY);
}

function SignIn({
  t,
  signedIn,
  onDone,
  onProject,
}: {
  t: T;
  signedIn: boolean;
  onDone: () => void;
  onProject: (s: CollectSetupValue) => void;
}) {
  const [pending, setPending] = useState<Pending | null>(readPending);
  const [mode, setMode] = useState<'signIn' | 'register'>('signIn');
  const [account, setAccount] = useState(() => readPending()?.account ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [projects, setProjects] = useState<{ value: string; label: string }[] | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    call<ProjectTreeNode[]>('GET', '/api/user/userProjectTree').then(
      (tree) => live && setProjects(projectsOf(tree)),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const keepPending = (p: Pending | null) => {
    writePending(p);
    setPending(p);
  };
  const submit = async () => {
    setError('');
    try {
      const v = await call<{ token: string }>('POST', '/api/user/login', {
        account: account.trim(),
        password: clientPasswordHash(password),
        client: 1,
      });
      keepPending(null); // approved
      setToken(v.token);
      onDone();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      // Still waiting (or rejected, with the reason): the pending panel says so.
      if (e instanceof Refused && e.code === ErrorCode.accountNotActive && pending) {
        keepPending({ ...pending, note: message });
      } else setError(message);
    }
  };
  const choose = async (prjCode: string) => {
    try {
      await call('POST', '/api/user/selectProject', { prjCode });
      const s = await call<CollectSetupValue>('GET', '/api/collect/setup');
      await store.setSetting('setup', s);
      onProject(s);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  if (signedIn) {
    return (
      <main className="m-main">
        <h2>{t('chooseProject')}</h2>
        {error && <div className="m-error">{error}</div>}
        {(projects ?? []).map((p) => (
          <button key={p.value} className="m-button" onClick={() => void choose(p.value)}>
            {p.label}
          </button>
        ))}
      </main>
    );
  }
  if (mode === 'register') {
    return (
      <Register
        t={t}
        onBack={() => setMode('signIn')}
        onRegistered={(p) => {
          keepPending(p);
          setAccount(p.account);
          setPassword('');
          setMode('signIn');
        }}
      />
    );
  }
  return (
    <main className="m-main">
      {pending && (
        <div className="m-pending" data-testid="pending">
          <h2>{t('pendingTitle')}</h2>
          <p>{pending.note ?? t('pendingText', { account: pending.account, project: pending.project })}</p>
          <p className="help">{t('pendingSignIn')}</p>
        </div>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="m-field">
          <label htmlFor="account">{t('account')}</label>
          <input
            id="account"
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
        </div>
        <div className="m-field">
          <label htmlFor="password">{t('password')}</label>
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {error && <div className="m-error">{error}</div>}
        <button className="m-button" type="submit">
          {t('signIn')}
        </button>
      </form>
      <button className="m-button secondary" onClick={() => setMode('register')}>
        {t('joinWithCode')}
      </button>
      <p className="help">{t('invitationHint')}</p>
    </main>
  );
}

type RegisterForm = { code: string; account: string; password: string; name: string; phone: string };

/** Checks before sending (the server checks again and names the field it refuses). */
function registerProblems(f: RegisterForm, t: T): Partial<Record<keyof RegisterForm, string>> {
  const out: Partial<Record<keyof RegisterForm, string>> = {};
  if (f.code.trim().length !== 8) out.code = t('codeLength');
  if (!/^[A-Za-z0-9_.@-]{3,32}$/.test(f.account.trim())) out.account = t('accountRule');
  if (f.password.length < 6 || f.password.length > 11) out.password = t('passwordRule');
  if (!f.name.trim() || f.name.trim().length > 12) out.name = t('nameRule');
  if (f.phone.trim() && !/^1\d{10}$/.test(f.phone.trim())) out.phone = t('phoneRule');
  return out;
}

/** Joining with the project's invitation code: a new account that waits for review. */
function Register({
  t,
  onBack,
  onRegistered,
}: {
  t: T;
  onBack: () => void;
  onRegistered: (p: Pending) => void;
}) {
  const [form, setForm] = useState<RegisterForm>({
    code: '',
    account: '',
    password: '',
    name: '',
    phone: '',
  });
  const [problems, setProblems] = useState<Partial<Record<keyof RegisterForm, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const found = registerProblems(form, t);
    setProblems(found);
    setError('');
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const v = await call<{ id: string; projectName: string }>('POST', '/api/user/register', {
        code: form.code.trim(),
        account: form.account.trim(),
        password: clientPasswordHash(form.password),
        name: form.name.trim(),
        phone: form.phone.trim() || null,
      });
      onRegistered({ account: form.account.trim(), project: v.projectName });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const field = (
    name: keyof RegisterForm,
    label: MKey,
    props: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <div className={`m-field${problems[name] ? ' error' : ''}`}>
      <label htmlFor={`reg-${name}`}>{t(label)}</label>
      <input
        id={`reg-${name}`}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        {...props}
      />
      {problems[name] && <div className="m-error">{problems[name]}</div>}
    </div>
  );
  return (
    <main className="m-main">
      <h2>{t('joinWithCode')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {field('code', 'invitationCode', { autoComplete: 'off', maxLength: 8, autoCapitalize: 'characters' })}
        {field('name', 'personName', { autoComplete: 'name', maxLength: 12 })}
        {field('phone', 'phoneOptional', {
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel',
          maxLength: 11,
        })}
        {field('account', 'account', { autoComplete: 'username', autoCapitalize: 'none' })}
        {field('password', 'newPassword', { type: 'password', autoComplete: 'new-password' })}
        {error && <div className="m-error">{error}</div>}
        <button className="m-button" type="submit" disabled={busy}>
          {t('register')}
        </button>
      </form>
      <button className="m-button secondary" onClick={onBack}>
        {t('haveAccount')}
      </button>
    </main>
  );
}

function Work({ t, lang, setup }: { t: T; lang: MLang; setup: CollectSetupValue }) {
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

function PositionLine({ t, pos }: { t: T; pos: Position | null | 'none' }) {
  return (
    <div className="m-position" data-testid="position">
      {t('position')}：
      {pos === null
        ? t('positionWaiting')
        : pos === 'none'
          ? t('positionNone')
          : `${pos.long.toFixed(5)}, ${pos.lat.toFixed(5)} · ${t('accuracy', { m: pos.range })}`}
    </div>
  );
}

/** Stores picked media in the blob store's shape: photos resized (EXIF kept), videos as they are. */
async function prepareMedia(media: PickedMedia[]) {
  const blobs: Record<string, Blob> = {};
  const refs = [];
  for (const m of media) {
    const key = crypto.randomUUID();
    blobs[key] = m.kind === 'photo' ? await resizePhoto(m.blob) : m.blob;
    refs.push({ field: m.field, key, kind: m.kind });
  }
  return { blobs, refs };
}

function Collect({
  t,
  lang,
  setup,
  section,
  editing,
  onDone,
}: {
  t: T;
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

function ClockIn({ t, section, items }: { t: T; section: string; items: QueueItem[] }) {
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

/** One item of this phone's queue: its state and, when refused or sent back, why. */
function ItemLine({
  t,
  item: i,
  title,
  server,
  onEdit,
}: {
  t: T;
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

const serverStateKey = (state: string): MKey =>
  state === '20' || state === '30' || state === '40' ? `server.${state}` : 'server.10';

/** The first page of "my records" from the server, kept per project for offline use. */
const mineKey = (project: string) => `mine:${project}`;

function Queue({
  t,
  items,
  setup,
  onEdit,
}: {
  t: T;
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
        const v = await call<CollectMineValue>('POST', '/api/collect/mine', { pageSize: 50 });
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
      const v = await call<CollectMineValue>('POST', '/api/collect/mine', { pageSize: 50, cursor });
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

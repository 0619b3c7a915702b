import { clientPasswordHash, type CollectSetupValue, ErrorCode } from '@pineguard/contract';
import { useState } from 'react';
import { endpoint, Refused, setToken } from '../api.ts';
import type { Translate } from '../messages.ts';
import { type Pending, readPending, writePending } from '../pending.ts';
import { ChooseProject } from './ChooseProject.tsx';
import { Register } from './Register.tsx';

/**
 * Before work: the sign-in form (with the "waiting for review" panel after a registration on this
 * phone), the registration with an invitation code, and, once signed in, the project choice.
 * One component across the three, so the typed account survives going back and forth.
 */
export function SignIn({
  t,
  signedIn,
  onDone,
  onProject,
}: {
  t: Translate;
  signedIn: boolean;
  onDone: () => void;
  onProject: (s: CollectSetupValue) => void;
}) {
  const [pending, setPending] = useState<Pending | null>(readPending);
  const [mode, setMode] = useState<'signIn' | 'register'>('signIn');
  const [account, setAccount] = useState(() => readPending()?.account ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  const keepPending = (p: Pending | null) => {
    writePending(p);
    setPending(p);
  };
  const submit = async () => {
    setError('');
    try {
      const v = await endpoint('POST /api/user/login', {
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

  if (signedIn) return <ChooseProject t={t} onProject={onProject} />;
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

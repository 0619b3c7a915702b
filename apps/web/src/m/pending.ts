/**
 * An account registered with an invitation code on this phone, waiting for review. Kept in
 * localStorage so the sign-in screen still says "waiting for review" after the app is closed;
 * `note` is the server's answer to a sign-in tried meanwhile (still waiting, or why rejected).
 */
export type Pending = { account: string; project: string; note?: string };

const PENDING_KEY = 'pg-m-pending';

export function readPending(): Pending | null {
  try {
    return JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as Pending | null;
  } catch {
    return null;
  }
}
export function writePending(p: Pending | null) {
  if (p) localStorage.setItem(PENDING_KEY, JSON.stringify(p));
  else localStorage.removeItem(PENDING_KEY);
}

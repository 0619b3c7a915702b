import { useEffect, useEffectEvent } from 'react';

/** The drawer's keys (issue 29): shown in its footer, the same in both languages. */
export type DrawerKey = 'next' | 'prev' | 'approve' | 'reject';

const keyMap: Record<string, DrawerKey> = {
  j: 'next',
  ArrowRight: 'next',
  k: 'prev',
  ArrowLeft: 'prev',
  a: 'approve',
  r: 'reject',
};

/** What a key press means to the drawer; null while typing, with a modifier, or outside the page body. */
export function drawerKeyOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>) {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const target = e.target as HTMLElement | null;
  if (target && typeof target.closest === 'function') {
    // Typing (a reason, a search) or a dialog / photo viewer above the drawer keeps its keys.
    if (target.isContentEditable) return null;
    if (target.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]')) return null;
    if (target.closest('.ant-modal-wrap, .ant-image-preview, .ant-image-preview-wrap, .ant-dropdown'))
      return null;
  }
  return keyMap[e.key.length === 1 ? e.key.toLowerCase() : e.key] ?? null;
}

/** Listens on the document while `enabled` (the drawer is open and nothing is above it). */
export function useDrawerKeys(enabled: boolean, onKey: (key: DrawerKey) => void) {
  const handle = useEffectEvent((e: KeyboardEvent) => {
    const key = drawerKeyOf(e);
    if (!key) return;
    e.preventDefault();
    onKey(key);
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (e: KeyboardEvent) => handle(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}

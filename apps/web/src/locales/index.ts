import type { Lang } from '@pineguard/contract';
import { format } from '@pineguard/contract';
import { create } from 'zustand';
import { en } from './en.ts';
import { type MessageKey, zhCN } from './zh-CN.ts';

export type { MessageKey };
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const dictionaries: Record<Lang, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };
const storageKey = 'lang';

function initialLang(): Lang {
  return globalThis.localStorage?.getItem(storageKey) === 'en' ? 'en' : 'zh-CN';
}

type LangState = { lang: Lang; setLang: (lang: Lang) => void };

/** The UI language; Chinese unless the user picked English (kept in local storage). */
export const useLangStore = create<LangState>((set) => ({
  lang: initialLang(),
  setLang: (lang) => {
    localStorage.setItem(storageKey, lang);
    document.documentElement.lang = lang;
    set({ lang });
  },
}));

export function translate(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  return format(dictionaries[lang][key] ?? key, params);
}

/** For code outside React (http client, guard): the language right now. */
export const t: Translate = (key, params) => translate(useLangStore.getState().lang, key, params);

export function useT(): Translate {
  const lang = useLangStore((s) => s.lang);
  return (key, params) => translate(lang, key, params);
}

/** True when a string is one of our keys (route titles are keys, menu titles are text). */
export function isMessageKey(key: string): key is MessageKey {
  return key in zhCN;
}

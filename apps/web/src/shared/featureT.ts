import { format } from '@pineguard/contract';
import { useLangStore } from '../locales/index.ts';

export type FeatureTranslate<K extends string> = (key: K, params?: Record<string, string | number>) => string;

/**
 * Per-feature messages: each feature keeps its own Chinese and English texts next to its
 * screens instead of growing the shared dictionaries. Chinese is the source of the keys.
 */
export function featureMessages<K extends string>(zh: Record<K, string>, en: Record<K, string>) {
  const pick = (lang: string) => (lang === 'en' ? en : zh);
  const translate =
    (lang: string): FeatureTranslate<K> =>
    (key, params) =>
      format(pick(lang)[key] ?? key, params);
  return {
    /** For components: re-renders when the language changes. */
    useT: (): FeatureTranslate<K> => translate(useLangStore((s) => s.lang)),
    /** Outside components. */
    t: (key: K, params?: Record<string, string | number>) =>
      translate(useLangStore.getState().lang)(key, params),
  };
}

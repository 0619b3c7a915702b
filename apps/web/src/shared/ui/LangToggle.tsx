import { TranslationOutlined } from '@ant-design/icons';
import type { Lang } from '@pineguard/contract';
import { useLangStore, useT } from '../../locales/index.ts';

const names: Record<Lang, string> = { 'zh-CN': '中文', en: 'English' };
const other: Record<Lang, Lang> = { 'zh-CN': 'en', en: 'zh-CN' };

/**
 * The language switch of the pages without the layout (/login, /init, /selectProject): with two
 * languages a button naming the other one is enough, and it keeps antd's Dropdown and Menu off
 * the first page a visitor loads. The layout's navbar keeps the picker (LangSwitch).
 */
export function LangToggle({ className }: { className?: string }) {
  const t = useT();
  const { lang, setLang } = useLangStore();
  const next = other[lang];
  return (
    <button
      type="button"
      className={className}
      lang={next}
      title={t('lang.label')}
      onClick={() => setLang(next)}
    >
      <TranslationOutlined /> <span className="pg-lang-name">{names[next]}</span>
    </button>
  );
}

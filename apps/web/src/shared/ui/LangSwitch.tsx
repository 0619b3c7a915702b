import { TranslationOutlined } from '@ant-design/icons';
import type { Lang } from '@pineguard/contract';
import { Dropdown } from 'antd';
import { useLangStore, useT } from '../../locales/index.ts';

const names: Record<Lang, string> = { 'zh-CN': '中文', en: 'English' };

/** Language picker; `onChange` lets the layout reload server texts (menu titles) afterwards. */
export function LangSwitch({ onChange, className }: { onChange?: (lang: Lang) => void; className?: string }) {
  const t = useT();
  const { lang, setLang } = useLangStore();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: (Object.keys(names) as Lang[]).map((key) => ({ key, label: names[key] })),
        onClick: ({ key }) => {
          setLang(key as Lang);
          onChange?.(key as Lang);
        },
      }}
    >
      <button
        type="button"
        className={className ?? 'pg-icon-button'}
        title={t('lang.label')}
        aria-label={t('lang.label')}
      >
        <TranslationOutlined /> <span className="pg-lang-name">{names[lang]}</span>
      </button>
    </Dropdown>
  );
}

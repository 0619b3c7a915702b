import { type MessageKey, t, type Text } from '@pineguard/contract';

/**
 * "3 个标段、5 名成员" / "3 section(s), 5 member(s)": what still holds something that cannot be
 * deleted, in both languages, for a refusal's message (projects, sections, standard tables).
 */
export function holdingsText(list: { label: MessageKey; n: number }[]): Text {
  return {
    'zh-CN': list.map((h) => t('zh-CN', h.label, { n: h.n })).join('、'),
    en: list.map((h) => t('en', h.label, { n: h.n })).join(', '),
  };
}

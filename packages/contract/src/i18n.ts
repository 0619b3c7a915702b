export type Lang = 'zh-CN' | 'en';
export type Text = { 'zh-CN': string; en: string };

/** Picks the language from an Accept-Language style value; Chinese unless English is asked first. */
export function pickLang(header: string | undefined | null): Lang {
  if (!header) return 'zh-CN';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}

/** Fills `{name}` placeholders. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in params ? String(params[key]) : m));
}

import { describe, expect, it } from 'vitest';
import { format, pickLang } from './i18n.ts';

describe('pickLang', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['EN', 'en'],
    ['fr-FR,en;q=0.5', 'zh-CN'],
  ])('%j → %s', (header, lang) => {
    expect(pickLang(header)).toBe(lang);
  });
});

describe('format', () => {
  it('fills known placeholders and leaves unknown ones', () => {
    expect(format('请 {minutes} 分钟后再试 {x}', { minutes: 15 })).toBe('请 15 分钟后再试 {x}');
  });
});

import { expect, it } from 'vitest';
import { pageTitle } from './appTitle.ts';

it('titles pages `<route title> - <app title>`, or the app title alone', () => {
  expect(pageTitle('首页', '松材线虫病防治监管平台')).toBe('首页 - 松材线虫病防治监管平台');
  expect(pageTitle(undefined, '松材线虫病防治监管平台')).toBe('松材线虫病防治监管平台');
});

import { expect, it } from 'vitest';
import { menuTitle, roleDescription, roleName } from './builtinNames.ts';

it('names built-in roles in English by code while they keep their default name', () => {
  expect(roleName({ code: 'supervisor', name: '监理' }, 'en')).toBe('Supervisor');
  expect(roleName({ code: 'supervisor', name: '监理' }, 'zh-CN')).toBe('监理');
  // Renamed by an administrator, or made by hand: shown as typed.
  expect(roleName({ code: 'supervisor', name: '总监理' }, 'en')).toBe('总监理');
  expect(roleName({ code: 'custom_1', name: '监理' }, 'en')).toBe('监理');
  // Lists carrying only the name match the built-in default.
  expect(roleName({ name: '项目管理员' }, 'en')).toBe('Project administrator');
  expect(roleName({ name: '巡查员' }, 'en')).toBe('巡查员');
  expect(roleDescription({ code: 'gov_viewer', description: '只读查看进度、统计和数据' }, 'en')).toMatch(
    /Read-only/,
  );
});

it('titles resources in English when they have an English title', () => {
  expect(menuTitle({ title: '二维码管理', titleEn: 'QR code management' }, 'en')).toBe('QR code management');
  expect(menuTitle({ title: '巡查记录', titleEn: '' }, 'en')).toBe('巡查记录');
  expect(menuTitle({ title: '二维码管理', titleEn: 'QR code management' }, 'zh-CN')).toBe('二维码管理');
});

/** The menus feature's public API: what other features may call. */
export { ensureBuiltinMenus, menusForRoles } from './service.ts';

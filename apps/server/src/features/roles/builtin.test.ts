import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { roleMenus, roles } from '../../db/schema/index.ts';
import { BUILTIN_GRANTS_VERSION, builtinRoles } from './builtin.ts';
import { ensureBuiltinRoles, upgradeBuiltinRoles } from './service.ts';

/** Built-in roles on a database made by an older version: they gain what was added, once. */
describe('built-in roles on existing databases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const role = async (code: string) => {
    const db = t.deps.database.db;
    const [row] = await db.select().from(roles).where(eq(roles.code, code));
    const menus = await db
      .select({ id: roleMenus.menuId })
      .from(roleMenus)
      .where(eq(roleMenus.roleId, row!.id));
    return { ...row!, menus: menus.map((m) => m.id).sort((a, b) => a - b) };
  };

  it('adds new built-in permissions and menus to old built-in roles without undoing an administrator’s edits', async () => {
    const db = t.deps.database.db;
    expect((await role('project_admin')).builtinVersion).toBe(BUILTIN_GRANTS_VERSION);
    // A version-1 database: project_admin without records.delete (added later), and an
    // administrator who took records.review away from it; supervisor without the worker menus.
    const v1Admin = builtinRoles
      .find((r) => r.code === 'project_admin')!
      .permissions.filter(
        (p) => !['records.delete', 'workers.export', 'workers.idNumber', 'records.review'].includes(p),
      );
    await db
      .update(roles)
      .set({ permissions: v1Admin, builtinVersion: 1 })
      .where(eq(roles.code, 'project_admin'));
    const supervisor = await role('supervisor');
    await db.delete(roleMenus).where(eq(roleMenus.roleId, supervisor.id));
    await db
      .update(roles)
      .set({ permissions: ['records.read'], builtinVersion: 1 })
      .where(eq(roles.code, 'supervisor'));
    // gov_viewer is current but its administrator removed dashboard.read: left alone.
    await db
      .update(roles)
      .set({ permissions: ['records.read'] })
      .where(eq(roles.code, 'gov_viewer'));

    await ensureBuiltinRoles(t.deps); // what every start runs

    const admin = await role('project_admin');
    expect(admin.builtinVersion).toBe(BUILTIN_GRANTS_VERSION);
    expect(admin.permissions).toEqual(
      expect.arrayContaining(['records.delete', 'workers.export', 'workers.idNumber']),
    );
    expect(admin.permissions).not.toContain('records.review'); // the administrator's edit stays
    const sup = await role('supervisor');
    // Version 2's worker permissions, version 3's safety ledger reading, version 4's 疑点 and 核对,
    // version 5's 检查验收, version 6's 无人机巡查 menu.
    expect(sup.permissions.sort()).toEqual([
      'acceptance.manage',
      'acceptance.read',
      'anomalies.confirm',
      'anomalies.explain',
      'anomalies.read',
      'reconciliation.read',
      'records.read',
      'safety.read',
      'workers.export',
      'workers.idNumber',
    ]);
    expect(sup.menus).toEqual([410, 420, 430, 440, 701, 702, 703]);
    expect((await role('gov_viewer')).permissions).toEqual(['records.read']);

    // Once upgraded, an administrator's later removal is never put back.
    await db
      .update(roles)
      .set({ permissions: admin.permissions.filter((p) => p !== 'records.delete') })
      .where(eq(roles.code, 'project_admin'));
    expect(await upgradeBuiltinRoles(t.deps)).toBe(0);
    expect((await role('project_admin')).permissions).not.toContain('records.delete');
  });
});

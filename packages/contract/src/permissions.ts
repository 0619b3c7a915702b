/**
 * Every route declares one of these. `public` needs nothing; `session` needs a signed-in user;
 * `project` needs a signed-in user with a selected project; `system.admin` needs a super
 * administrator (no project); any other key must be granted by one of the user's roles in the
 * selected project (the super administrator has all).
 */
export const permissionKeys = [
  'files.read',
  'files.upload',
  'users.manage',
  'roles.manage',
  'invitations.manage',
  'users.review',
  'projects.manage',
  'projects.read',
  'records.read',
  'records.review',
  'records.edit',
  'records.delete',
  'workers.read',
  'workers.manage',
  'workers.review',
  'workers.export',
  'workers.idNumber',
  'burnPoints.read',
  'burnPoints.manage',
  'qrTags.manage',
  'exports.create',
  'dashboard.read',
  'safety.read',
  'safety.manage',
  // 疑点 and 核对 (issue 26): explaining is the section's side, confirming or reopening the supervisor's.
  'anomalies.read',
  'anomalies.explain',
  'anomalies.confirm',
  'reconciliation.read',
  // 检查验收 (issue 30): reading samples and results; drawing a sample and recording its checks.
  'acceptance.read',
  'acceptance.manage',
  'system.admin',
] as const;

export type PermissionKey = (typeof permissionKeys)[number];
export type RouteAccess = 'public' | 'session' | 'project' | PermissionKey;

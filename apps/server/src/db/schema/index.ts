export * from './areas.ts';
export * from './files.ts';
export * from './menus.ts';
export * from './projects.ts';
export * from './roles.ts';
export * from './sessions.ts';
export * from './users.ts';

// @zan/core: the contract shared by server and web. Pure TypeScript, no I/O.
export * from './constants.ts';
export * from './messages.ts';
export * from './roles.ts';
export * from './schemas/common.ts';
export * from './schemas/names.ts';
export * from './schemas/users.ts';
export * from './schemas/colleges.ts';
export * from './schemas/session.ts';
export * from './srs.ts';
export * from './visibility.ts';
export * from './schemas/content.ts';
export * from './schemas/sync.ts';
export * from './schemas/admin-content.ts';
export * from './schemas/admin-announcements.ts';
export * from './export-file.ts';
export * from './stats.ts';
export * from './csv.ts';

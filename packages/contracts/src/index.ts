export * from './constants.ts';
export * from './messages.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './skills.ts';
export * from './events.ts';

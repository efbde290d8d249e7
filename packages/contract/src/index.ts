export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './locale.ts';
export * from './member.ts';
export * from './system.ts';
export * from './bible.ts';

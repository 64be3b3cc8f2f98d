export * from './date';
export * from './truncate';
export * from './title-case';
export * from './role-label';
export * from './pagination';
export * from './filters';

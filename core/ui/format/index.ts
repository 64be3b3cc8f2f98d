export * from './date';
export * from './truncate';
export * from './title-case';
export * from './pagination';
export * from './filters';

export * from './container';
export * from './use-service';

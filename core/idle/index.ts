export * from './idle-environment';
export * from './idle-session-controller';
export * from './idle-session-guard';

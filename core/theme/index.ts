export * from './theme-colors';
export * from './theme-store';
export * from './theme-presets';
export * from './theme-root';
export * from './antd-locale';
export * from './follow-session-branding';

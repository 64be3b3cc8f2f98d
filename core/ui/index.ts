/**
 * Shared form controls, the validation library of spec §5 and the formatting helpers of spec §9.
 * Import from here (or from `@core` once it re-exports this entry), not from the inner folders.
 * The notifier (`./notifier`) has its own owner and is exported by `core/index.ts`.
 */
export * from './validation';
export * from './controls';
export * from './form';
export * from './format';
export { useUnmountSignal } from './use-unmount-signal';

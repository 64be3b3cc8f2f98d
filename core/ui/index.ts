/**
 * Shared form controls, the validation library of docs/validation-rules.md and the formatting helpers of docs/limits-and-timing.md.
 * Import from here (or from `@core` once it re-exports this entry), not from the inner folders.
 * The notifier (`./notifier`) has its own owner and is exported by `core/index.ts`.
 */
export * from './validation';
export * from './controls';
export * from './form';
export * from './format';
export { useUnmountSignal } from './use-unmount-signal';
export { useReturnFocus } from './use-return-focus';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { DialogForm, type DialogFormProps } from './dialog-form';
export { FormSelect } from './form-select';
export {
  PagedTable,
  PHONE_QUERY,
  type PagedTableColumn,
  type PagedTableProps,
  type PagedTableTexts,
} from './paged-table/paged-table';
export { useMediaQuery } from './use-media-query';
export { AppPage, type AppPageProps } from './app-page/app-page';
export { AreaTabs, type AreaTab, type AreaTabsProps } from './area-tabs/area-tabs';
export { Bdi, Ltr, ltrText } from './bidi';
export { showServerErrorAtFields } from './antd-server-error';
export { ChartFigure, type ChartFigureProps } from './charts/chart-figure';
export type { ChartPoint, ChartSeries } from './charts/chart-types';

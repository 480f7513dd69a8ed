export { DataGrid } from './data-grid';
export * from './grid-logic';
export type * from './grid-types';
export { useQuietRows } from './use-quiet-rows';
export { RowFormDialog } from './row-form-dialog';

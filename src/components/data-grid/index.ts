export { DataGrid } from './data-grid';
export type { DataGridProps } from './data-grid-props';
export * from './grid-logic';
export type * from './grid-types';

// A grid row opened as a form ('Edit' on the row): on a phone a grid of eight columns shows two at a
// time and a typed cell is easy to lose, so the same row's editable cells are offered as labelled
// fields, one under the other. Choices come from the same columns, and each field's problem (the
// column's own validator) is shown once the field is left, or on Save. Save hands the changed
// cells to the page as grid edits, so a change made here is recorded exactly as one typed in the
// grid: nothing is saved to the device until the page's Save.
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../dialog';
import { SelectField, TextField } from '../fields';
import { validateCell } from './grid-logic';
import type { GridChange, GridColumn, GridRow } from './grid-types';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function RowFormDialog<Row extends GridRow>({
  title,
  columns,
  row,
  rowIndex,
  onChange,
  onClose,
}: {
  title: string;
  columns: readonly GridColumn<Row>[];
  row: Row;
  rowIndex: number;
  onChange(changes: GridChange<Row>[]): void;
  onClose(): void;
}) {
  const id = useId();
  const editable = columns.filter((column) => !column.readOnly && !column.readOnlyFor?.(row));
  const [draft, setDraft] = useState<Row>(row);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const problemOf = (column: GridColumn<Row>) => (tried || left.has(column.key) ? validateCell(column, draft) : null);
  const set = (key: string, value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const leave = (key: string) => setLeft((current) => new Set(current).add(key));

  function save(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (editable.some((column) => validateCell(column, draft))) return;
    const changes = editable
      .filter((column) => text(draft[column.key]) !== text(row[column.key]))
      .map((column) => ({
        rowIndex,
        row,
        key: column.key,
        oldValue: row[column.key],
        newValue: draft[column.key],
      }));
    if (changes.length) onChange(changes);
    onClose();
  }

  return (
    <Dialog title={title} onCancel={onClose}>
      <form id={`${id}-form`} onSubmit={save} noValidate className="row-form">
        {editable.map((column) => {
          const problem = problemOf(column);
          const value = text(draft[column.key]);
          if (column.type === 'dropdown') {
            const choices = column.sourceFor?.(draft) ?? column.source ?? [];
            return (
              <div key={column.key} onBlur={() => leave(column.key)}>
                <SelectField
                  label={column.title}
                  value={value}
                  placeholder="Choose…"
                  options={choices.includes(value) || value === '' ? choices : [value, ...choices]}
                  onChange={(next) => set(column.key, next)}
                  error={problem}
                />
              </div>
            );
          }
          if (column.type === 'checkbox') {
            return (
              <label key={column.key} className="row-form-check">
                <input
                  type="checkbox"
                  checked={value === '1'}
                  onChange={(event) => set(column.key, event.target.checked ? '1' : '0')}
                />{' '}
                {column.title}
              </label>
            );
          }
          return (
            <TextField
              key={column.key}
              label={column.title}
              value={value}
              onChange={(next) => set(column.key, next)}
              onBlur={() => leave(column.key)}
              error={problem}
              autoComplete="off"
              {...(column.type === 'date' ? { placeholder: 'dd/mm/yyyy', inputMode: 'numeric' as const } : {})}
              {...(column.type === 'email' ? { type: 'email', inputMode: 'email' as const } : {})}
              {...(column.type === 'numeric' ? { inputMode: 'numeric' as const } : {})}
            />
          );
        })}
        <div className="row-form-actions">
          <button type="submit" className="button button-primary">
            Done
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
        <p className="hint">Done puts these changes in the list; Save keeps them.</p>
      </form>
    </Dialog>
  );
}

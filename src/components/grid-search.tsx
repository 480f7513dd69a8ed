// Finding a row in a long grid on a phone, where scrolling 50 rows of cells is slow: a search box
// that narrows the grid as the user types, and says how many rows it shows of how many.
import { useId } from 'react';

export function GridSearch({
  label,
  placeholder,
  value,
  onChange,
  found,
  total,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  found: number;
  total: number;
}) {
  const id = useId();
  const searching = value.trim() !== '';
  return (
    <div className="grid-search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      <span role="status" className="grid-search-count">
        {searching ? `Showing ${found} of ${total}` : ''}
      </span>
    </div>
  );
}

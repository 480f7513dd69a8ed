// The placings of a result, entered in its dialog: one line per place (place, name, school,
// points), added one by one or pasted from a spreadsheet (tab- or comma-separated lines), each
// line removable. The lines are checked when the dialog is submitted (./result-forms).
import Papa from 'papaparse';
import { useId, useState } from 'react';
import type { Placing } from '../../domain/schemas/entities/result';
import { nextPlace, type PlacingProblems, type PlacingValues } from './result-forms';
import { TableScroll } from '../../components/table-scroll';

const EMPTY_PLACING: PlacingValues = { place: '', name: '', school: '', points: '' };

/** Pasted spreadsheet lines as placings: place, name, school, points (a header row is skipped). */
export function pastedPlacings(text: string): PlacingValues[] {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy' });
  return parsed.data
    .map((cells) => cells.map((c) => c.trim()))
    .filter((cells, index) => !(index === 0 && !/^\d+$/.test(cells[0] ?? '')))
    .map(([place = '', name = '', school = '', points = '']) => ({ place, name, school, points }));
}

/** What a row's placings say in a table cell. A placing computed from the timing system's results
 *  also names the bib and the result; an individual's 0 points (the points are the teams') is not
 *  said. */
export function placingLine(p: Placing): string {
  const points = p.points === undefined || (p.points === 0 && p.bib !== undefined) ? '' : `${p.points} points`;
  return [`${p.place}. ${p.name}${p.bib === undefined ? '' : ` (bib ${p.bib})`}`, p.school, p.result, points]
    .filter(Boolean)
    .join(', ');
}

type Props = {
  lines: readonly PlacingValues[];
  problems: readonly PlacingProblems[];
  message?: string;
  onChange(lines: PlacingValues[]): void;
};

const FIELDS: readonly { key: keyof PlacingValues; label: string; inputMode?: 'numeric' | 'decimal' }[] = [
  { key: 'place', label: 'Place', inputMode: 'numeric' },
  { key: 'name', label: 'Name' },
  { key: 'school', label: 'School' },
  { key: 'points', label: 'Points', inputMode: 'decimal' },
];

export function PlacingsEditor({ lines, problems, message, onChange }: Props) {
  const pasteId = useId();
  const [pasted, setPasted] = useState('');
  const set = (index: number, key: keyof PlacingValues, value: string) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, [key]: value } : line)));
  const addPasted = () => {
    const more = pastedPlacings(pasted);
    if (more.length) onChange([...lines, ...more]);
    setPasted('');
  };

  return (
    <fieldset className="placings-editor">
      <legend>Placings ({lines.length})</legend>
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
      {lines.length > 0 && (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table">
              <thead>
                <tr>
                  {FIELDS.map((f) => (
                    <th key={f.key} scope="col">
                      {f.label}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, index) => (
                  // Lines have no id of their own; their position is what the user edits.
                  <tr key={index}>
                    {FIELDS.map((f) => {
                      const problem = problems[index]?.[f.key];
                      return (
                        <td key={f.key}>
                          <input
                            value={line[f.key]}
                            inputMode={f.inputMode}
                            aria-label={`${f.label}, line ${index + 1}`}
                            aria-invalid={problem ? true : undefined}
                            onChange={(e) => set(index, f.key, e.target.value)}
                          />
                          {problem && (
                            <small className="field-error" role="alert">
                              {problem}
                            </small>
                          )}
                        </td>
                      );
                    })}
                    <td>
                      <button
                        type="button"
                        className="button"
                        aria-label={`Remove placing line ${index + 1}`}
                        onClick={() => onChange(lines.filter((_, i) => i !== index))}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
      <div className="admin-list-actions">
        <button
          type="button"
          className="button"
          onClick={() => onChange([...lines, { ...EMPTY_PLACING, place: nextPlace(lines) }])}
        >
          Add placing
        </button>
      </div>
      <div className="field">
        <label htmlFor={pasteId}>Paste placings from a spreadsheet</label>
        <textarea
          id={pasteId}
          rows={3}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          aria-describedby={`${pasteId}-hint`}
        />
        <small id={`${pasteId}-hint`} className="field-hint">
          One line per place: place, name, school, points (copied cells or commas).
        </small>
        <div className="admin-list-actions">
          <button type="button" className="button" disabled={pasted.trim() === ''} onClick={addPasted}>
            Add pasted lines
          </button>
        </div>
      </div>
    </fieldset>
  );
}

// The dialogs of the results page (RES-04..07): a race result (discipline, division, gender, type)
// or an overall result (pointscore, school type, gender), each with its published file, uploaded
// here (a PDF; needs the network) or typed as a web address, and its placings. Given a row, a
// dialog edits it. Each closes with a row only when its form is valid (./result-forms); Cancel
// closes it with nothing.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/fields';
import {
  POINTSCORES,
  RESULT_DIVISIONS,
  RESULT_GENDERS,
  RESULT_SCHOOL_TYPES,
  RESULT_TYPES,
} from '../../domain/constants/choices';
import type { Placing } from '../../domain/schemas/entities/result';
import { FileUploadField } from './file-upload-field';
import { PlacingsEditor } from './placings-editor';
import {
  EMPTY_OVERALL_RESULT,
  EMPTY_RACE_RESULT,
  absoluteFileUrl,
  overallResultOutcome,
  overallResultValuesOf,
  placingValuesOf,
  placingsOutcome,
  raceResultOutcome,
  raceResultValuesOf,
  type Outcome,
  type OverallResultChoice,
  type OverallResultValues,
  type PlacingProblems,
  type PlacingValues,
  type Problems,
  type RaceResultChoice,
  type RaceResultValues,
} from './result-forms';

export type WithPlacings<T> = T & { placings: Placing[] | null };

const origin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

function ResultFileFields({ value, error, onChange }: { value: string; error?: string; onChange(url: string): void }) {
  return (
    <>
      <FileUploadField
        label="Upload the result file (PDF)"
        kind="results"
        accept="application/pdf,.pdf"
        onUploaded={(url) => onChange(absoluteFileUrl(url, origin()))}
      />
      <TextField
        label="Or the result's web address"
        type="url"
        inputMode="url"
        value={value}
        onChange={onChange}
        error={error}
        hint="Leave empty until the result is published."
      />
    </>
  );
}

/** The form state of one result dialog: its fields, their problems and its placings. */
function useResultForm<V extends Record<string, string>, C>(
  initial: V,
  initialPlacings: Placing[] | null,
  outcome: (values: V) => Outcome<C, keyof V & string>,
) {
  const [values, setValues] = useState<V>(initial);
  const [problems, setProblems] = useState<Problems<keyof V & string>>({});
  const [lines, setLines] = useState<PlacingValues[]>(() => (initialPlacings ?? []).map(placingValuesOf));
  const [lineProblems, setLineProblems] = useState<{ lines: PlacingProblems[]; message?: string }>({ lines: [] });
  const set = (field: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const changeLines = (next: PlacingValues[]) => {
    setLines(next);
    setLineProblems({ lines: [] });
  };
  /** The dialog's row when everything is valid, else null with the problems shown. */
  const submit = (): WithPlacings<C> | null => {
    const fields = outcome(values);
    const placings = placingsOutcome(lines);
    setProblems(fields.ok ? {} : fields.problems);
    setLineProblems(placings.ok ? { lines: [] } : { lines: placings.problems, message: placings.message });
    return fields.ok && placings.ok ? { ...fields.result, placings: placings.placings } : null;
  };
  const placingsEditor = (
    <PlacingsEditor lines={lines} problems={lineProblems.lines} message={lineProblems.message} onChange={changeLines} />
  );
  return { values, problems, set, submit, placingsEditor };
}

/** A dialog around a form: Cancel, and Add (or Done when editing) submitting the form. */
export function FormDialog({
  title,
  editing,
  onCancel,
  onSubmit,
  children,
}: {
  title: string;
  editing: boolean;
  onCancel(): void;
  onSubmit(): void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={title} onCancel={onCancel}>
      <form onSubmit={submit} noValidate>
        {children}
        <div className="dialog-actions">
          <button type="button" className="button" style={{ minHeight: 44 }} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" style={{ minHeight: 44 }}>
            {editing ? 'Done' : 'Add'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function RaceResultDialog({
  disciplines,
  row,
  onClose,
}: {
  disciplines: readonly { id: number; name: string }[];
  /** The result to edit; none to add one. */
  row?: WithPlacings<RaceResultChoice>;
  onClose(result: WithPlacings<RaceResultChoice> | null): void;
}) {
  const ids = disciplines.map((d) => d.id);
  const form = useResultForm<RaceResultValues, RaceResultChoice>(
    row ? raceResultValuesOf(row) : EMPTY_RACE_RESULT,
    row?.placings ?? null,
    (values) => raceResultOutcome(values, ids),
  );
  const { values, problems, set } = form;
  return (
    <FormDialog
      title={row ? 'Edit race result' : 'Add race result'}
      editing={!!row}
      onCancel={() => onClose(null)}
      onSubmit={() => {
        const result = form.submit();
        if (result) onClose(result);
      }}
    >
      <SelectField
        label="Discipline"
        value={values.DisciplineId}
        placeholder="Choose a discipline"
        options={disciplines.map((d) => ({ value: String(d.id), label: d.name }))}
        onChange={set('DisciplineId')}
        error={problems.DisciplineId}
      />
      <SelectField
        label="Division"
        value={values.division}
        placeholder="Choose a division"
        options={RESULT_DIVISIONS.map(String)}
        onChange={set('division')}
        error={problems.division}
      />
      <SelectField
        label="Gender"
        value={values.gender}
        placeholder="Choose a gender"
        options={RESULT_GENDERS}
        onChange={set('gender')}
        error={problems.gender}
      />
      <SelectField
        label="Type"
        value={values.teamIndividual}
        placeholder="Choose Team, Individual or Combined"
        options={RESULT_TYPES}
        onChange={set('teamIndividual')}
        error={problems.teamIndividual}
      />
      <ResultFileFields value={values.fileUrl} error={problems.fileUrl} onChange={set('fileUrl')} />
      {form.placingsEditor}
    </FormDialog>
  );
}

export function OverallResultDialog({
  row,
  onClose,
}: {
  row?: WithPlacings<OverallResultChoice>;
  onClose(result: WithPlacings<OverallResultChoice> | null): void;
}) {
  const form = useResultForm<OverallResultValues, OverallResultChoice>(
    row ? overallResultValuesOf(row) : EMPTY_OVERALL_RESULT,
    row?.placings ?? null,
    overallResultOutcome,
  );
  const { values, problems, set } = form;
  return (
    <FormDialog
      title={row ? 'Edit overall result' : 'Add overall result'}
      editing={!!row}
      onCancel={() => onClose(null)}
      onSubmit={() => {
        const result = form.submit();
        if (result) onClose(result);
      }}
    >
      <SelectField
        label="Pointscore"
        value={values.pointscore}
        placeholder="Choose a pointscore"
        options={POINTSCORES}
        onChange={set('pointscore')}
        error={problems.pointscore}
      />
      <SelectField
        label="School type"
        value={values.schoolType}
        placeholder="Choose Primary or Secondary"
        options={RESULT_SCHOOL_TYPES}
        onChange={set('schoolType')}
        error={problems.schoolType}
      />
      <SelectField
        label="Gender"
        value={values.gender}
        placeholder="Choose a gender"
        options={RESULT_GENDERS}
        onChange={set('gender')}
        error={problems.gender}
      />
      <ResultFileFields value={values.fileUrl} error={problems.fileUrl} onChange={set('fileUrl')} />
      {form.placingsEditor}
    </FormDialog>
  );
}

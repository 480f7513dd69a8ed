// The add dialogs of the results page (RES-04..07): a race result (discipline, division, gender,
// type) or an overall result (pointscore, school type, gender), each with its published file,
// uploaded here (a PDF; needs the network) or typed as a web address. Each closes with a row only
// when its form is valid (./result-forms); Cancel closes it with nothing.
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/fields';
import {
  POINTSCORES, RESULT_DIVISIONS, RESULT_GENDERS, RESULT_SCHOOL_TYPES, RESULT_TYPES,
} from '../../domain/constants/choices';
import { FileUploadField } from './file-upload-field';
import {
  EMPTY_OVERALL_RESULT, EMPTY_RACE_RESULT, absoluteFileUrl, overallResultOutcome, raceResultOutcome,
  type OverallResultChoice, type OverallResultValues, type Problems, type RaceResultChoice, type RaceResultValues,
} from './result-forms';

const origin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

function ResultFileFields({ value, error, onChange }: { value: string; error?: string; onChange(url: string): void }) {
  return (
    <>
      <FileUploadField label="Upload the result file (PDF)" kind="results" accept="application/pdf,.pdf"
        onUploaded={(url) => onChange(absoluteFileUrl(url, origin()))} />
      <TextField label="Or the result's web address" type="url" inputMode="url" value={value} onChange={onChange}
        error={error} hint="Leave empty until the result is published." style={{ minHeight: 44 }} />
    </>
  );
}

function Actions({ onCancel }: { onCancel(): void }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button" style={{ minHeight: 44 }} onClick={onCancel}>Cancel</button>
      <button type="submit" className="button button-primary" style={{ minHeight: 44 }}>Add</button>
    </div>
  );
}

export function AddRaceResultDialog({ disciplines, onClose }: {
  disciplines: readonly { id: number; name: string }[];
  onClose(result: RaceResultChoice | null): void;
}) {
  const [values, setValues] = useState<RaceResultValues>(EMPTY_RACE_RESULT);
  const [problems, setProblems] = useState<Problems<keyof RaceResultValues>>({});
  const set = (field: keyof RaceResultValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const outcome = raceResultOutcome(values, disciplines.map((d) => d.id));
    if (outcome.ok) onClose(outcome.result);
    else setProblems(outcome.problems);
  };
  return (
    <Dialog title="Add race result" onCancel={() => onClose(null)}>
      <form onSubmit={submit} noValidate>
        <SelectField label="Discipline" value={values.DisciplineId} placeholder="Choose a discipline"
          options={disciplines.map((d) => ({ value: String(d.id), label: d.name }))} onChange={set('DisciplineId')} error={problems.DisciplineId} />
        <SelectField label="Division" value={values.division} placeholder="Choose a division"
          options={RESULT_DIVISIONS.map(String)} onChange={set('division')} error={problems.division} />
        <SelectField label="Gender" value={values.gender} placeholder="Choose a gender"
          options={RESULT_GENDERS} onChange={set('gender')} error={problems.gender} />
        <SelectField label="Type" value={values.teamIndividual} placeholder="Choose Team, Individual or Combined"
          options={RESULT_TYPES} onChange={set('teamIndividual')} error={problems.teamIndividual} />
        <ResultFileFields value={values.fileUrl} error={problems.fileUrl} onChange={set('fileUrl')} />
        <Actions onCancel={() => onClose(null)} />
      </form>
    </Dialog>
  );
}

export function AddOverallResultDialog({ onClose }: { onClose(result: OverallResultChoice | null): void }) {
  const [values, setValues] = useState<OverallResultValues>(EMPTY_OVERALL_RESULT);
  const [problems, setProblems] = useState<Problems<keyof OverallResultValues>>({});
  const set = (field: keyof OverallResultValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const outcome = overallResultOutcome(values);
    if (outcome.ok) onClose(outcome.result);
    else setProblems(outcome.problems);
  };
  return (
    <Dialog title="Add overall result" onCancel={() => onClose(null)}>
      <form onSubmit={submit} noValidate>
        <SelectField label="Pointscore" value={values.pointscore} placeholder="Choose a pointscore"
          options={POINTSCORES} onChange={set('pointscore')} error={problems.pointscore} />
        <SelectField label="School type" value={values.schoolType} placeholder="Choose Primary or Secondary"
          options={RESULT_SCHOOL_TYPES} onChange={set('schoolType')} error={problems.schoolType} />
        <SelectField label="Gender" value={values.gender} placeholder="Choose a gender"
          options={RESULT_GENDERS} onChange={set('gender')} error={problems.gender} />
        <ResultFileFields value={values.fileUrl} error={problems.fileUrl} onChange={set('fileUrl')} />
        <Actions onCancel={() => onClose(null)} />
      </form>
    </Dialog>
  );
}

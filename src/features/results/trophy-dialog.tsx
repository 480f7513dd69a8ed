// The trophy dialog (TRO-03, TRO-05): name, discipline and division (optional), gender, state,
// type, and its pictures, uploaded here (PNG, JPEG or WebP; needs the network) or typed as web
// addresses. Given a trophy, it edits it. Closes with a trophy only when its form is valid
// (./result-forms).
import { useState } from 'react';
import { SelectField, TextField } from '../../components/fields';
import { RESULT_DIVISIONS, TROPHY_GENDERS, TROPHY_TYPES } from '../../domain/constants/choices';
import { MAX_URL_LIST_LENGTH } from '../../domain/constants/limits';
import { isSafeStoredUrl } from '../../domain/rules/stored-url';
import { joinImageUrls, splitImageUrls } from '../../domain/rules/trophy-images';
import { FileUploadField } from './file-upload-field';
import { FormDialog } from './result-dialogs';
import {
  BAD_URL,
  EMPTY_TROPHY,
  trophyOutcome,
  trophyValuesOf,
  type Problems,
  type TrophyChoice,
  type TrophyValues,
} from './result-forms';

export type TrophyDialogResult = TrophyChoice & { imageURL: string };
const TOO_MANY_IMAGES = 'Too many pictures for one trophy: remove some.';

export function TrophyDialog({
  disciplines,
  row,
  onClose,
}: {
  disciplines: readonly { id: number; name: string }[];
  /** The trophy to edit; none to add one. */
  row?: Omit<TrophyDialogResult, 'name'> & { name?: string };
  onClose(result: TrophyDialogResult | null): void;
}) {
  const [values, setValues] = useState<TrophyValues>(() => (row ? trophyValuesOf(row) : EMPTY_TROPHY));
  const [images, setImages] = useState(row?.imageURL ?? '');
  const [problems, setProblems] = useState<Problems<keyof TrophyValues | 'images'>>({});
  const set = (field: keyof TrophyValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };
  const submit = () => {
    const outcome = trophyOutcome(
      values,
      disciplines.map((d) => d.id),
    );
    const urls = splitImageUrls(images);
    const imageURL = joinImageUrls(urls);
    // Each picture as the server keeps it (rules/stored-url): a web address or one uploaded here.
    const imageProblem = !urls.every(isSafeStoredUrl)
      ? BAD_URL
      : imageURL.length > MAX_URL_LIST_LENGTH
        ? TOO_MANY_IMAGES
        : undefined;
    if (outcome.ok && !imageProblem) onClose({ ...outcome.result, imageURL });
    else setProblems({ ...(outcome.ok ? {} : outcome.problems), ...(imageProblem ? { images: imageProblem } : {}) });
  };
  return (
    <FormDialog
      title={row ? 'Edit trophy' : 'Add trophy'}
      editing={!!row}
      onCancel={() => onClose(null)}
      onSubmit={submit}
    >
      <TextField label="Name" value={values.name} onChange={set('name')} error={problems.name} />
      <SelectField
        label="Discipline"
        value={values.disciplineId}
        placeholder="Any discipline"
        options={disciplines.map((d) => ({ value: String(d.id), label: d.name }))}
        onChange={set('disciplineId')}
        error={problems.disciplineId}
      />
      <SelectField
        label="Division"
        value={values.division}
        placeholder="Any division"
        options={RESULT_DIVISIONS.map(String)}
        onChange={set('division')}
        error={problems.division}
      />
      <SelectField
        label="Gender"
        value={values.gender}
        placeholder="Choose a gender"
        options={TROPHY_GENDERS}
        onChange={set('gender')}
        error={problems.gender}
      />
      <TextField label="State" value={values.state} onChange={set('state')} error={problems.state} />
      <SelectField
        label="Type"
        value={values.type}
        placeholder="Choose independent or team"
        options={TROPHY_TYPES}
        onChange={set('type')}
        error={problems.type}
      />
      <FileUploadField
        label="Upload a picture (PNG, JPEG or WebP)"
        kind="trophies"
        accept="image/png,image/jpeg,image/webp"
        onUploaded={(url) => setImages((now) => joinImageUrls([...splitImageUrls(now), url]))}
      />
      <TextField
        label="Pictures (web addresses, separated by |)"
        value={images}
        onChange={(v) => {
          setImages(v);
          setProblems((p) => ({ ...p, images: undefined }));
        }}
        error={problems.images}
      />
    </FormDialog>
  );
}

// The add-invite dialog (INV-02, INV-03): discipline, division, gender and State/National. It
// closes with an invite only when every choice is made (src/domain/rules/invite-form.ts); Cancel
// closes it with nothing.
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/fields';
import { INVITE_DIVISIONS, INVITE_GENDERS, INVITE_LEVELS } from '../../domain/constants/choices';
import { LABELS, MESSAGES } from '../../domain/messages';
import {
  EMPTY_INVITE_FORM,
  inviteDialogOutcome,
  type InviteChoice,
  type InviteFormProblems,
  type InviteFormValues,
} from '../../domain/rules/invite-form';

type Props = {
  disciplines: readonly { id: number; name: string }[];
  /** The invites the grid holds now: adding one of them again is refused here. */
  existing: readonly InviteChoice[];
  /** Called once: with the new invite, or null on Cancel. */
  onClose(result: InviteChoice | null): void;
};

export function AddInviteDialog({ disciplines, existing, onClose }: Props) {
  const [values, setValues] = useState<InviteFormValues>(EMPTY_INVITE_FORM);
  const [problems, setProblems] = useState<InviteFormProblems>({});
  const ids = disciplines.map((d) => d.id);

  const finish = (action: 'add' | 'cancel') => {
    const outcome = inviteDialogOutcome(action, values, ids, existing);
    if (outcome.close) onClose(outcome.result);
    else setProblems(outcome.problems);
  };
  const set = (field: keyof InviteFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined, form: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    finish('add');
  };

  return (
    <Dialog title="Add invite" onCancel={() => finish('cancel')}>
      <form onSubmit={submit} noValidate>
        <SelectField
          label={LABELS.invitesGrid.discipline}
          value={values.DisciplineId}
          placeholder="Choose a discipline"
          options={disciplines.map((d) => ({ value: String(d.id), label: d.name }))}
          onChange={set('DisciplineId')}
          error={problems.DisciplineId}
        />
        <SelectField
          label={LABELS.invitesGrid.division}
          value={values.division}
          placeholder="Choose a division"
          options={INVITE_DIVISIONS.map(String)}
          onChange={set('division')}
          error={problems.division}
        />
        <SelectField
          label={LABELS.invitesGrid.gender}
          value={values.gender}
          placeholder="Choose a gender"
          options={INVITE_GENDERS}
          onChange={set('gender')}
          error={problems.gender}
        />
        <SelectField
          label={LABELS.invitesGrid.stateNational}
          value={values.stateNational}
          placeholder="Choose State or National"
          options={INVITE_LEVELS}
          onChange={set('stateNational')}
          error={problems.stateNational}
        />
        {problems.form && (
          <p className="field-error" role="alert">
            {problems.form}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => finish('cancel')}>
            {MESSAGES.cancel}
          </button>
          <button type="submit" className="button button-primary">
            Add
          </button>
        </div>
      </form>
    </Dialog>
  );
}

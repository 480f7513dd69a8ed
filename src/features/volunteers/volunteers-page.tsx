// #/volunteer/index (general), #/volunteer/vic and #/volunteer/aus (other regions): the school's
// volunteer course officials for the event and the slots they fill. Each slot's preference is
// chosen step by step from the places still available (discipline, division, gender and, except on
// the VIC form, position); a complete preference locks when saved and takes a place, and only a
// reset (which deletes the slot) frees it. Reads the mirror only; Save commits on the device with
// one queued PUT /api/volunteers, so the grids edit offline; the places shown are those last
// synced and say so. A refusal (a place taken meanwhile by another school) comes back on its row.
// Split along its seams: the state and Save in use-volunteers-editor.ts, the tables in
// volunteer-table.tsx and slot-table.tsx.
import { format } from 'date-fns/format';
import { Link } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { PageMain } from '../../components/page-main';
import { SaveButton } from '../../components/save-button';
import type { InterschoolsDb } from '../../db/database';
import { requiredVolunteers, requiredVolunteersVic } from '../../domain/rules/required-volunteers';
import { SlotTable } from './slot-table';
import { LOCKED, draftCount, useVolunteersEditor } from './use-volunteers-editor';
import {
  EMPTY_DRAFT,
  EMPTY_PREFERENCE,
  editSlot,
  editVolunteer,
  removeVolunteer,
  resetSlot,
  type VolunteersVariant,
} from './volunteer-draft';
import { VolunteerTable } from './volunteer-table';
import './volunteers.css';

const TITLES: Record<VolunteersVariant, string> = {
  general: 'Volunteers',
  vic: 'Volunteers (VIC)',
  aus: 'Volunteers (other regions)',
};

export default function VolunteersPage({ db, variant }: { db: InterschoolsDb; variant: VolunteersVariant }) {
  const page = useVolunteersEditor(db, variant);
  const { user, status, mirror, refused, edits, setEdits, restored, notice, updating } = page;
  const { volunteers, slots, issues, locked, blocked, dirty, edit, save } = page;

  if (!mirror || !refused)
    return (
      <PageMain className="page">
        <h1>{TITLES[variant]}</h1>
        <p>Loading…</p>
      </PageMain>
    );
  if (!user?.SchoolId || !user.EventId) {
    return (
      <PageMain className="page">
        <h1>{TITLES[variant]}</h1>
        <p>Choose a school and an event first.</p>
      </PageMain>
    );
  }

  return (
    <PageMain className="page volunteers-page">
      <h1>{TITLES[variant]}</h1>
      <Required
        variant={variant}
        entries={mirror.raceEntries}
        ratio={mirror.event?.volunteerRatio}
        filled={slots.filter((s) => s.VolunteerId).length}
      />
      {variant !== 'vic' && user.invoiceType === 'VIC' && (
        <p className="vol-notice">
          This is a VIC event: its volunteers are registered on the <Link to="/volunteer/vic">VIC volunteer form</Link>.
        </p>
      )}
      {locked && (
        <p className="vol-notice" role="status">
          {LOCKED}
        </p>
      )}
      {notice && (
        <p className="vol-notice" role="status">
          {notice}
        </p>
      )}
      {restored && <DraftRestoredNote count={draftCount(edits)} onDiscard={() => setEdits(EMPTY_DRAFT)} />}

      <section aria-labelledby="volunteers-title">
        <h2 id="volunteers-title">Volunteers</h2>
        <VolunteerTable
          rows={volunteers}
          issues={issues.volunteers}
          refusals={refused.volunteers}
          pending={new Set(mirror.volunteers.filter((v) => v._pending).map((v) => v.id))}
          locked={locked}
          onEdit={(row) => edit((d) => editVolunteer(d, row))}
          onRemove={(id) => edit((d) => removeVolunteer(d, id, slots))}
        />
        {!locked && (
          <button
            type="button"
            className="button"
            onClick={() =>
              edit((d) =>
                editVolunteer(d, { id: uuidv7(), firstname: '', lastname: '', mobile: '', email: '', seasonPass: '0' }),
              )
            }
          >
            Add volunteer
          </button>
        )}
      </section>

      <section aria-labelledby="slots-title">
        <h2 id="slots-title">Positions</h2>
        <p className="vol-asof">
          Places shown are those available when this device last synced
          {status.lastSyncedAt ? ` (${format(new Date(status.lastSyncedAt), 'd MMM HH:mm')})` : ''}
          {status.online ? '' : ', offline'}. A preference locks when saved; Reset frees its place.
        </p>
        <SlotTable
          variant={variant}
          slots={slots}
          volunteers={volunteers}
          spots={mirror.spots}
          names={mirror.disciplineNames}
          issues={issues.slots}
          refusals={refused.slots}
          locked={locked}
          onEdit={(slot) => edit((d) => editSlot(d, slot))}
          onReset={(id) => edit((d) => resetSlot(d, id))}
        />
        {!locked && (
          <button
            type="button"
            className="button"
            onClick={() =>
              edit((d) => editSlot(d, { id: uuidv7(), VolunteerId: null, preferences: [{ ...EMPTY_PREFERENCE }] }))
            }
          >
            Add position
          </button>
        )}
      </section>

      <div className="vol-actions">
        <SaveButton dirty={dirty} updating={updating} blockedReason={blocked} onSave={save} />
      </div>
    </PageMain>
  );
}

function Required({
  variant,
  entries,
  ratio,
  filled,
}: {
  variant: VolunteersVariant;
  entries: { DisciplineId: number }[];
  ratio?: number;
  filled: number;
}) {
  if (variant === 'vic') {
    const need = requiredVolunteersVic(entries);
    return (
      <p className="vol-required">
        Your race entries need {need.ski} ski, {need.snowboard} snowboard and {need.alpine} alpine volunteers; {filled}{' '}
        {filled === 1 ? 'position has' : 'positions have'} a volunteer.
      </p>
    );
  }
  const need = requiredVolunteers(entries.length, ratio);
  return (
    <p className="vol-required">
      Your {entries.length} race entries need {need} {need === 1 ? 'volunteer' : 'volunteers'}; {filled}{' '}
      {filled === 1 ? 'position has' : 'positions have'} a volunteer.
    </p>
  );
}

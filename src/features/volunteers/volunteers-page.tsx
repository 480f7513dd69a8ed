// #/volunteer/index (general), #/volunteer/vic and #/volunteer/aus (other regions): the school's
// volunteer course officials for the event and the slots they fill. Each slot's preference is
// chosen step by step from the places still available (discipline, division, gender and, except on
// the VIC form, position); a complete preference locks when saved and takes a place, and only a
// reset (which deletes the slot) frees it. Reads the mirror only; Save commits on the device with
// one queued PUT /api/volunteers, so the grids edit offline; the places shown are those last
// synced and say so. A refusal (a place taken meanwhile by another school) comes back on its row.
import { format } from 'date-fns';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { v7 as uuidv7 } from 'uuid';
import { PageMain } from '../../components/page-main';
import { SaveButton } from '../../components/save-button';
import { useSession } from '../../components/session-context';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { draftKey } from '../../db/drafts';
import { useSyncStatus } from '../../components/use-sync-status';
import { TableScroll } from '../../components/table-scroll';
import type { InterschoolsDb } from '../../db/database';
import { requiredVolunteers, requiredVolunteersVic } from '../../domain/rules/required-volunteers';
import { isPreferenceComplete } from '../../domain/rules/volunteer-preferences';
import {
  EMPTY_DRAFT,
  EMPTY_PREFERENCE,
  choose,
  draftIssues,
  editSlot,
  editVolunteer,
  isDirty,
  placesFor,
  planSave,
  preferenceChoices,
  removeVolunteer,
  requiresPosition,
  resetSlot,
  working,
  type Preference,
  type SlotFields,
  type VolunteerFields,
  type VolunteersDraft,
  type VolunteersVariant,
} from './volunteer-draft';
import { useRefusedVolunteers, useVolunteersMirror } from './use-volunteers-data';
import { saveVolunteers } from './volunteer-writes';
import './volunteers.css';

const TITLES: Record<VolunteersVariant, string> = {
  general: 'Volunteers',
  vic: 'Volunteers (VIC)',
  aus: 'Volunteers (other regions)',
};
const SAVED_NOTICE = 'Changes saved on this device; they are sent to the server when online.';
const LOCKED = 'Volunteers are locked for this event: they can be viewed but not changed.';

const asFields = (v: VolunteerFields): VolunteerFields => ({
  id: v.id,
  firstname: v.firstname,
  lastname: v.lastname,
  mobile: v.mobile,
  email: v.email,
  seasonPass: v.seasonPass,
  ...(v.version !== undefined ? { version: v.version } : {}),
});
const slotFields = (s: SlotFields): SlotFields => ({
  id: s.id,
  VolunteerId: s.VolunteerId,
  preferences: s.preferences.map((p) => ({ ...p })),
  ...(s.version !== undefined ? { version: s.version } : {}),
});

/** Edits not saved yet: volunteers and places edited or added, and those removed. */
const draftCount = (d: VolunteersDraft) =>
  d.volunteers.size + d.removedVolunteers.size + d.slots.size + d.removedSlots.size;

export default function VolunteersPage({ db, variant }: { db: InterschoolsDb; variant: VolunteersVariant }) {
  const { user } = useSession();
  const status = useSyncStatus();
  const mirror = useVolunteersMirror(db, user?.SchoolId ?? null, user?.EventId ?? null);
  const refused = useRefusedVolunteers(db);
  const {
    draft: edits,
    setDraft: setEdits,
    restored,
  } = usePersistedDraft<VolunteersDraft>(
    db,
    user ? draftKey(user.username, `volunteers-${variant}`, user.SchoolId, user.EventId) : null,
    EMPTY_DRAFT,
    draftCount,
  );
  const [notice, setNotice] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);

  // A refused save's rows stay in the draft until the next Save sends them again.
  const draft = useMemo<VolunteersDraft>(() => {
    const r = refused?.draft ?? EMPTY_DRAFT;
    return {
      volunteers: new Map([...r.volunteers, ...edits.volunteers]),
      slots: new Map([...r.slots, ...edits.slots]),
      removedVolunteers: new Set([...r.removedVolunteers, ...edits.removedVolunteers]),
      removedSlots: new Set([...r.removedSlots, ...edits.removedSlots]),
    };
  }, [refused, edits]);

  const baseVolunteers = useMemo(() => (mirror?.volunteers ?? []).map((v) => asFields(v as VolunteerFields)), [mirror]);
  const baseSlots = useMemo(() => (mirror?.slots ?? []).map((s) => slotFields(s as SlotFields)), [mirror]);
  const volunteers = working(baseVolunteers, draft.volunteers, draft.removedVolunteers);
  const slots = working(baseSlots, draft.slots, draft.removedSlots);
  const issues = draftIssues(
    volunteers.filter((v) => draft.volunteers.has(v.id)),
    slots.filter((s) => draft.slots.has(s.id)),
    variant,
  );
  const locked = Boolean(status.locked || user?.locked || mirror?.event?.volunteerLock);

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

  const edit = (next: (d: VolunteersDraft) => VolunteersDraft) => {
    setNotice(null);
    setEdits(next);
  };
  const dirty = isDirty(draft);
  const blocked = locked
    ? LOCKED
    : issues.volunteers.size + issues.slots.size
      ? 'Fix the rows marked below before saving.'
      : null;

  async function save() {
    if (!user || blocked) return;
    setUpdating(true);
    try {
      const owed = new Set(refused?.draft.volunteers.keys() ?? []);
      const plan = planSave(
        draft,
        new Set(baseVolunteers.map((v) => v.id)),
        new Set(baseSlots.map((s) => s.id)),
        baseVolunteers,
        owed,
      );
      await saveVolunteers(db, plan, refused?.itemIds ?? [], user);
      setEdits(EMPTY_DRAFT);
      setNotice(SAVED_NOTICE);
    } catch (cause) {
      // Nothing was committed (one Dexie transaction): the draft stays for another try.
      setNotice(`Not saved on this device: ${cause instanceof Error ? cause.message : String(cause)}`);
    } finally {
      setUpdating(false);
    }
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

function VolunteerTable({
  rows,
  issues,
  refusals,
  pending,
  locked,
  onEdit,
  onRemove,
}: {
  rows: VolunteerFields[];
  issues: Map<string, string>;
  refusals: Map<string, string>;
  pending: Set<string>;
  locked: boolean;
  onEdit: (row: VolunteerFields) => void;
  onRemove: (id: string) => void;
}) {
  if (!rows.length) return <p>No volunteers yet.</p>;
  return (
    <div className="vol-table-wrap">
      <TableScroll>
        <table className="vol-table">
          <thead>
            <tr>
              <th scope="col">Given name</th>
              <th scope="col">Surname</th>
              <th scope="col">Mobile</th>
              <th scope="col">Email</th>
              <th scope="col">Season pass</th>
              <th scope="col">
                <span className="visually-hidden">Actions and status</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const message = issues.get(row.id) ?? refusals.get(row.id);
              const label = (what: string) => `${what} of volunteer ${i + 1}`;
              const field = (key: 'firstname' | 'lastname' | 'mobile' | 'email', type = 'text') => (
                <input
                  type={type}
                  aria-label={label(
                    key === 'firstname'
                      ? 'Given name'
                      : key === 'lastname'
                        ? 'Surname'
                        : key === 'mobile'
                          ? 'Mobile'
                          : 'Email',
                  )}
                  value={row[key]}
                  disabled={locked}
                  aria-invalid={message ? true : undefined}
                  onChange={(e) => onEdit({ ...row, [key]: e.target.value })}
                />
              );
              return (
                <tr key={row.id} className={message ? 'has-issue' : undefined}>
                  <td>{field('firstname')}</td>
                  <td>{field('lastname')}</td>
                  <td>{field('mobile', 'tel')}</td>
                  <td>{field('email', 'email')}</td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={label('Season pass')}
                      checked={row.seasonPass === '1'}
                      disabled={locked}
                      onChange={(e) => onEdit({ ...row, seasonPass: e.target.checked ? '1' : '0' })}
                    />
                  </td>
                  <td>
                    {!locked && (
                      <button type="button" className="button" onClick={() => onRemove(row.id)}>
                        Remove
                      </button>
                    )}
                    {message ? (
                      <span className="vol-error">{message}</span>
                    ) : pending.has(row.id) ? (
                      <span className="vol-pending">Waiting to be sent</span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

function SlotTable({
  variant,
  slots,
  volunteers,
  spots,
  names,
  issues,
  refusals,
  locked,
  onEdit,
  onReset,
}: {
  variant: VolunteersVariant;
  slots: SlotFields[];
  volunteers: VolunteerFields[];
  spots: { DisciplineId: number; division: number; male: number; female: number }[];
  names: Map<number, string>;
  issues: Map<string, string>;
  refusals: Map<string, string>;
  locked: boolean;
  onEdit: (slot: SlotFields) => void;
  onReset: (id: string) => void;
}) {
  if (!slots.length) return <p>No positions yet: add one for each volunteer place your school fills.</p>;
  const withPosition = requiresPosition(variant);
  return (
    <div className="vol-table-wrap">
      <TableScroll>
        <table className="vol-table">
          <thead>
            <tr>
              <th scope="col">Volunteer</th>
              <th scope="col">Discipline</th>
              <th scope="col">Division</th>
              <th scope="col">Gender</th>
              {withPosition && <th scope="col">Position</th>}
              <th scope="col">
                <span className="visually-hidden">Actions and status</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {slots.map((slot, i) => {
              const pref: Preference = slot.preferences[0] ?? EMPTY_PREFERENCE;
              const message = issues.get(slot.id) ?? refusals.get(slot.id);
              const choices = preferenceChoices(pref, placesFor(slot.id, spots, slots, variant), variant);
              const frozen = locked || pref.isLocked;
              const setPref = (field: 'DisciplineId' | 'division' | 'gender' | 'position', value: string) =>
                onEdit({ ...slot, preferences: [choose(pref, field, value), ...slot.preferences.slice(1)] });
              const select = (
                what: string,
                field: 'DisciplineId' | 'division' | 'gender' | 'position',
                value: string,
                options: { value: string; label: string }[],
              ) => (
                <select
                  aria-label={`${what} of position ${i + 1}`}
                  value={value}
                  disabled={frozen}
                  onChange={(e) => setPref(field, e.target.value)}
                >
                  <option value="">Choose…</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              );
              const complete = isPreferenceComplete(pref, withPosition);
              return (
                <tr key={slot.id} className={message ? 'has-issue' : undefined}>
                  <td>
                    <select
                      aria-label={`Volunteer of position ${i + 1}`}
                      value={slot.VolunteerId ?? ''}
                      disabled={locked}
                      onChange={(e) => onEdit({ ...slot, VolunteerId: e.target.value || null })}
                    >
                      <option value="">No volunteer yet</option>
                      {volunteers.map((v) => (
                        <option key={v.id} value={v.id}>
                          {`${v.firstname} ${v.lastname}`.trim() || 'New volunteer'}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {select(
                      'Discipline',
                      'DisciplineId',
                      pref.DisciplineId === null ? '' : String(pref.DisciplineId),
                      choices.disciplines.map((d) => ({ value: String(d), label: names.get(d) ?? `Discipline ${d}` })),
                    )}
                  </td>
                  <td>
                    {select(
                      'Division',
                      'division',
                      pref.division === null ? '' : String(pref.division),
                      choices.divisions.map((d) => ({ value: String(d), label: String(d) })),
                    )}
                  </td>
                  <td>
                    {select(
                      'Gender',
                      'gender',
                      pref.gender ?? '',
                      choices.genders.map((g) => ({ value: g, label: g })),
                    )}
                  </td>
                  {withPosition && (
                    <td>
                      {select(
                        'Position',
                        'position',
                        pref.position ?? '',
                        choices.positions.map((p) => ({ value: p, label: p })),
                      )}
                    </td>
                  )}
                  <td>
                    {!locked && (
                      <button type="button" className="button" onClick={() => onReset(slot.id)}>
                        {pref.isLocked ? 'Reset' : 'Remove'}
                      </button>
                    )}
                    {message ? (
                      <span className="vol-error">{message}</span>
                    ) : pref.isLocked ? (
                      <span className="vol-locked">Locked</span>
                    ) : complete ? (
                      <span className="vol-pending">Locks when saved</span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

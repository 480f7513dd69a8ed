// The state behind the volunteers screen (volunteers-page.tsx): the mirror's volunteers and slots
// with the draft over them (the edits kept on the device, usePersistedDraft, and a refused save's
// rows, which stay until the next Save sends them again), the draft's problems, whether the
// event's volunteers are locked, and Save, which commits on the device (volunteer-writes.ts).
import { useMemo, useState } from 'react';
import { useSession } from '../../components/session-context';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { useSyncStatus } from '../../components/use-sync-status';
import type { InterschoolsDb } from '../../db/database';
import { draftKey } from '../../db/drafts';
import { useRefusedVolunteers, useVolunteersMirror, type RefusedVolunteers } from './use-volunteers-data';
import {
  EMPTY_DRAFT,
  draftIssues,
  isDirty,
  planSave,
  working,
  type SlotFields,
  type VolunteerFields,
  type VolunteersDraft,
  type VolunteersVariant,
} from './volunteer-draft';
import { saveVolunteers } from './volunteer-writes';

const SAVED_NOTICE = 'Changes saved on this device; they are sent to the server when online.';
export const LOCKED = 'Volunteers are locked for this event: they can be viewed but not changed.';

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
export const draftCount = (d: VolunteersDraft) =>
  d.volunteers.size + d.removedVolunteers.size + d.slots.size + d.removedSlots.size;

/** The edits kept on the device, and the draft: a refused save's rows with the edits over them. */
function useVolunteersDraft(db: InterschoolsDb, key: string | null, refused: RefusedVolunteers | undefined) {
  const {
    draft: edits,
    setDraft: setEdits,
    restored,
  } = usePersistedDraft<VolunteersDraft>(db, key, EMPTY_DRAFT, draftCount);
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
  return { edits, setEdits, restored, draft };
}

export function useVolunteersEditor(db: InterschoolsDb, variant: VolunteersVariant) {
  const { user } = useSession();
  const status = useSyncStatus();
  const mirror = useVolunteersMirror(db, user?.SchoolId ?? null, user?.EventId ?? null);
  const refused = useRefusedVolunteers(db);
  const key = user ? draftKey(user.username, `volunteers-${variant}`, user.SchoolId, user.EventId) : null;
  const { edits, setEdits, restored, draft } = useVolunteersDraft(db, key, refused);
  const [notice, setNotice] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);

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
  const blocked = locked
    ? LOCKED
    : issues.volunteers.size + issues.slots.size
      ? 'Fix the rows marked below before saving.'
      : null;

  const edit = (next: (d: VolunteersDraft) => VolunteersDraft) => {
    setNotice(null);
    setEdits(next);
  };

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
      await saveVolunteers(db, plan, user);
      setEdits(EMPTY_DRAFT);
      setNotice(SAVED_NOTICE);
    } catch (cause) {
      // Nothing was committed (one Dexie transaction): the draft stays for another try.
      setNotice(`Not saved on this device: ${cause instanceof Error ? cause.message : String(cause)}`);
    } finally {
      setUpdating(false);
    }
  }

  return {
    user,
    status,
    mirror,
    refused,
    edits,
    setEdits,
    restored,
    notice,
    updating,
    volunteers,
    slots,
    issues,
    locked,
    blocked,
    dirty: isDirty(draft),
    edit,
    save,
  };
}

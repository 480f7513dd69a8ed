// #/waiver/index: the school's waivers for the event (spec sections 2 and 7). Race bibs are handed
// over only once the waivers are complete (docs/decisions.md 'Entries and volunteers'), so the
// screen says in one line what a waiver is, then who has one, who has not, and which waivers name
// nobody, as lists a phone shows whole (waiver-lists.tsx), with Save in a bar that stays in view.
// It reads only the Dexie mirror and matches on the device with the server's own function, so it
// works offline; changes stay a draft until Save, which commits them locally with one queued
// PUT /api/waivers. Read-only while the event is locked.
import { useCallback, useMemo, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { DraftRestoredNote } from '../../components/draft-restored-note';
import { usePersistedDraft } from '../../components/use-persisted-draft';
import { draftKey } from '../../db/drafts';
import { useSyncStatus } from '../../components/use-sync-status';
import { getDb, type InterschoolsDb, type WaiverRow } from '../../db/database';
import type { WaiverType } from '../../domain/constants/choices';
import { matchWaivers, waiverCounts } from '../../domain/rules/waiver-matching';
import {
  EMPTY_DRAFT,
  draftWaivers,
  editWaiver,
  isDirty,
  matchWaiverTo,
  newWaiverFor,
  planWaiversSave,
  removeWaiver,
  undoRemove,
  type WaiverDraft,
} from './waiver-draft';
import {
  PeopleWaivers,
  RemovedWaivers,
  UnmatchedWaivers,
  type PersonWaiverRow,
  type WaiverRowActions,
} from './waiver-lists';
import { saveWaivers } from './waiver-writes';
import { useRefusedWaivers, useWaiverRows } from './use-waivers-data';
import { WaiversSaveBar } from './waivers-save-bar';
import './waivers.css';

const LOCKED_MESSAGE = 'This event is locked: waivers can be viewed but not changed.';
const SAVED_NOTICE = 'Changes saved on this device; they are sent to the server when online.';
/** What a waiver is, as the product knows it: a racer's family fills in the form (rules/waiver-matching),
 *  and a school's bibs wait until its racers' and volunteers' waivers are completed (readinessFacts in
 *  src/domain/rules/bib-list.ts). */
const WAIVERS_EXPLAINED =
  "A waiver is the form a racer's family, or a volunteer, signs; race bibs are handed over only when all are completed. Tick Completed once you have it.";

const fullName = (person: { firstname: string; lastname: string }) => `${person.firstname} ${person.lastname}`.trim();
const NO_WAIVERS: WaiverRow[] = [];

function countsLine(counts: ReturnType<typeof waiverCounts>): string {
  const { participants: p, volunteers: v } = counts;
  return `${p.completed} of ${p.total} participant waivers completed, ${v.completed} of ${v.total} volunteer waivers completed`;
}

/** Edits not saved yet: waivers edited or added, and waivers removed. */
const draftCount = (d: WaiverDraft) =>
  new Set([...Object.keys(d.edits), ...d.added.map((row) => row.id)]).size + d.removed.size;

/** Who has a waiver and who has not, and the waivers that match nobody: the mirror's waivers with
 *  the draft over them, matched on the device (rules/waiver-matching). */
function useWaiverMatches(mirror: ReturnType<typeof useWaiverRows>, draft: WaiverDraft) {
  const matches = useMemo(
    () =>
      mirror
        ? matchWaivers({
            participants: mirror.participants,
            volunteers: mirror.volunteers,
            waivers: draftWaivers(mirror.waivers, draft),
          })
        : null,
    [mirror, draft],
  );
  const participants = useMemo<PersonWaiverRow[]>(
    () =>
      (matches?.participants ?? []).map((p) => ({
        id: p.ParticipantId,
        name: fullName(p),
        snowId: p.snowId,
        waiver: p.waiver,
      })),
    [matches],
  );
  const volunteers = useMemo<PersonWaiverRow[]>(
    () => (matches?.volunteers ?? []).map((v) => ({ id: v.VolunteerId, name: fullName(v), waiver: v.waiver })),
    [matches],
  );
  return { matches, participants, volunteers };
}

/** The people with and without a waiver, the waivers that match nobody, and those removed. */
function WaiverLists({
  actions,
  matches,
  participants,
  volunteers,
  removed,
  onAdd,
  onMatch,
  onUndo,
}: {
  actions: WaiverRowActions;
  matches: NonNullable<ReturnType<typeof useWaiverMatches>['matches']>;
  participants: PersonWaiverRow[];
  volunteers: PersonWaiverRow[];
  removed: WaiverRow[];
  onAdd: (type: WaiverType, person: PersonWaiverRow) => void;
  onMatch: (waiver: WaiverRow, personId: string) => void;
  onUndo: (id: string) => void;
}) {
  return (
    <>
      <PeopleWaivers
        {...actions}
        title="Participants"
        people={participants}
        withSnowId
        empty="No participants yet."
        onAdd={(person) => onAdd('participant', person)}
      />
      <PeopleWaivers
        {...actions}
        title="Volunteers"
        people={volunteers}
        withSnowId={false}
        empty="No volunteers for this event yet."
        onAdd={(person) => onAdd('volunteer', person)}
      />
      <UnmatchedWaivers
        {...actions}
        title="Participant waivers that match nobody"
        waivers={matches.unmatchedParticipants}
        candidates={participants.filter((p) => !p.waiver)}
        withSnowId
        onMatch={onMatch}
      />
      <UnmatchedWaivers
        {...actions}
        title="Volunteer waivers that match nobody"
        waivers={matches.unmatchedVolunteers}
        candidates={volunteers.filter((v) => !v.waiver)}
        withSnowId={false}
        onMatch={onMatch}
      />
      <RemovedWaivers waivers={removed} onUndo={onUndo} />
    </>
  );
}

export default function WaiversPage({ db = getDb() }: { db?: InterschoolsDb }) {
  const { user } = useSession();
  const status = useSyncStatus();
  const schoolId = user?.SchoolId ?? null;
  const eventId = user?.EventId ?? null;
  const mirror = useWaiverRows(db, schoolId, eventId);
  const refusals = useRefusedWaivers(db);

  const { draft, setDraft, restored } = usePersistedDraft<WaiverDraft>(
    db,
    user ? draftKey(user.username, 'waivers', schoolId, eventId) : null,
    EMPTY_DRAFT,
    draftCount,
  );
  const [updating, setUpdating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const locked = Boolean(status.locked || user?.locked);
  const stored = mirror?.waivers ?? NO_WAIVERS;
  const { matches, participants, volunteers } = useWaiverMatches(mirror, draft);

  const edit = useCallback(
    (next: (current: WaiverDraft) => WaiverDraft) => {
      setNotice(null);
      setDraft(next);
    },
    [setDraft],
  );

  const actions: WaiverRowActions = {
    locked,
    refusals,
    onCompleted: (waiver: WaiverRow, completed: boolean) =>
      edit((d) => editWaiver(d, stored, waiver.id, { completed })),
    onRemove: (waiver: WaiverRow) => edit((d) => removeWaiver(d, waiver.id)),
  };

  function addFor(type: WaiverType, person: PersonWaiverRow) {
    if (!user || !schoolId || !eventId) return;
    const source =
      type === 'participant'
        ? mirror?.participants.find((p) => p.id === person.id)
        : mirror?.volunteers.find((v) => v.id === person.id);
    if (!source) return;
    const row = newWaiverFor(type, source, { id: uuidv7(), schoolId, eventId, createdBy: user.username });
    edit((d) => ({ ...d, added: [...d.added, row] }));
  }

  function matchTo(waiver: WaiverRow, personId: string) {
    const person =
      waiver.type === 'participant'
        ? mirror?.participants.find((p) => p.id === personId)
        : mirror?.volunteers.find((v) => v.id === personId);
    if (person) edit((d) => matchWaiverTo(d, stored, waiver, person));
  }

  async function save() {
    const plan = mirror ? planWaiversSave(mirror.waivers, draft) : null;
    if (!user || locked || !plan) return;
    setUpdating(true);
    setError(null);
    try {
      await saveWaivers(db, plan, user);
      setDraft(EMPTY_DRAFT);
      setNotice(SAVED_NOTICE);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setUpdating(false);
    }
  }

  if (!user)
    return (
      <PageMain className="page">
        <p>Sign in to see waivers.</p>
      </PageMain>
    );
  if (!schoolId || !eventId) {
    return (
      <PageMain className="page">
        <h1>Waivers</h1>
        <p>Choose a school and an event to see their waivers.</p>
      </PageMain>
    );
  }

  return (
    <PageMain className="page waivers-page">
      <h1>Waivers</h1>
      <p className="waivers-explained">{WAIVERS_EXPLAINED}</p>
      {locked && (
        <p role="status" className="locked-note">
          {LOCKED_MESSAGE}
        </p>
      )}
      {matches && <p className="waivers-counts">{countsLine(waiverCounts(matches))}</p>}
      {restored && <DraftRestoredNote count={draftCount(draft)} onDiscard={() => setDraft(EMPTY_DRAFT)} />}
      {!locked && (
        <WaiversSaveBar
          unsaved={isDirty(draft) ? draftCount(draft) : 0}
          updating={updating}
          notice={notice}
          error={error}
          onSave={save}
        />
      )}
      {locked && notice && <p role="status">{notice}</p>}
      {locked && error && <p role="alert">{error}</p>}
      {!matches ? (
        <p role="status">Loading waivers…</p>
      ) : (
        <WaiverLists
          actions={actions}
          matches={matches}
          participants={participants}
          volunteers={volunteers}
          removed={stored.filter((w) => draft.removed.has(w.id))}
          onAdd={addFor}
          onMatch={matchTo}
          onUndo={(id) => edit((d) => undoRemove(d, id))}
        />
      )}
    </PageMain>
  );
}

// The state behind the results screen (results-page.tsx): the event chosen among those shown for
// results (RES-08; an admin also its own event), the event's race and overall results from the
// mirror with the admin's unsaved edits over them (useListEdits), a refused save, the dialog open,
// the message, and Save (results-save.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useSession } from '../../components/session-context';
import { useListEdits } from '../../components/use-list-edits';
import { useListRefusal } from '../../components/use-row-refusal';
import type { InterschoolsDb, ResultOverallRow, ResultRaceRow } from '../../db/database';
import { isAdmin } from '../../domain/rules/access';
import type { WithPlacings } from './result-dialogs';
import { queueOverallResults, queueRaceResults } from './results-save';

export const RESULTS_SAVED = 'Results saved. They are sent to the server now, or when the connection returns.';

const raceOrder = (a: ResultRaceRow, b: ResultRaceRow) =>
  a.DisciplineId - b.DisciplineId ||
  a.division - b.division ||
  a.gender.localeCompare(b.gender) ||
  a.teamIndividual.localeCompare(b.teamIndividual);
const overallOrder = (a: ResultOverallRow, b: ResultOverallRow) =>
  a.pointscore.localeCompare(b.pointscore) ||
  a.schoolType.localeCompare(b.schoolType) ||
  a.gender.localeCompare(b.gender);

export type ResultsDialog = { kind: 'race'; row?: ResultRaceRow } | { kind: 'overall'; row?: ResultOverallRow };

/** The events offered and the one shown: the one chosen, else the session's, else the first. */
function useResultsEvent(db: InterschoolsDb, sessionEventId: string | null, admin: boolean) {
  const events = useLiveQuery(() => db.events.toArray(), [db]);
  // The events shown for results (RES-08); an admin also its own event, to enter results before
  // they are shown.
  const offered = useMemo(
    () =>
      (events ?? [])
        .filter((e) => e.showForResults || (admin && e.id === sessionEventId))
        .sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)),
    [events, sessionEventId, admin],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const eventId = [chosen, sessionEventId].find((id) => offered.some((e) => e.id === id)) ?? offered[0]?.id ?? null;
  const event = offered.find((e) => e.id === eventId);
  return { offered, setChosen, eventId, event };
}

/** The event's results in the mirror, the admin's edits over them and a refused save. */
function useResultsLists(db: InterschoolsDb, eventId: string | null) {
  const disciplines = useLiveQuery(() => db.disciplines.orderBy('id').toArray(), [db]);
  const races = useLiveQuery(
    async () => (eventId ? db.resultRaces.where('EventId').equals(eventId).toArray() : []),
    [db, eventId],
  );
  const overalls = useLiveQuery(
    async () => (eventId ? db.resultOveralls.where('EventId').equals(eventId).toArray() : []),
    [db, eventId],
  );
  const raceRefusal = useListRefusal(db, 'resultRaces');
  const overallRefusal = useListRefusal(db, 'resultOveralls');
  const refusal = raceRefusal ?? overallRefusal;
  const raceEdits = useListEdits(races, raceOrder);
  const overallEdits = useListEdits(overalls, overallOrder);
  return { disciplines, races, overalls, refusal, raceEdits, overallEdits };
}

export function useResultsEditor(db: InterschoolsDb) {
  const { user } = useSession();
  const admin = !!user && isAdmin(user.type);
  const choice = useResultsEvent(db, user?.EventId ?? null, admin);
  const lists = useResultsLists(db, choice.eventId);
  const { raceEdits, overallEdits } = lists;
  const [dialog, setDialog] = useState<ResultsDialog | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const changeEvent = (id: string) => {
    choice.setChosen(id);
    raceEdits.reset();
    overallEdits.reset();
    setMessage(null);
  };
  /** A dialog's row: an edit keeps the row's id and version, an addition gets a new id. */
  function closeDialog<C, R extends { id: string }>(
    edits: { add(row: R): void; change(row: R): void },
    row: R | undefined,
    make: (choice: WithPlacings<C>) => R,
  ) {
    return (choice: WithPlacings<C> | null) => {
      setDialog(null);
      if (!choice) return;
      setMessage(null);
      if (row) edits.change({ ...row, ...make(choice), id: row.id });
      else edits.add(make(choice));
    };
  }
  const remove =
    <R>(edits: { remove(row: R): void }) =>
    (row: R) => {
      setMessage(null);
      edits.remove(row);
    };

  async function save(event: string) {
    setBusy(true);
    setMessage(null);
    const raceBatch = raceEdits.batch();
    const overallBatch = overallEdits.batch();
    try {
      // One save per table that changed: a discarded refusal is then taken back on this device by
      // its BatchUndo (src/sync/blocked.ts undoes one table per outbox item).
      if (raceEdits.dirty) await queueRaceResults(db, event, raceBatch);
      if (overallEdits.dirty) await queueOverallResults(db, event, overallBatch);
      raceEdits.reset();
      overallEdits.reset();
      setMessage({ text: RESULTS_SAVED, error: false });
    } catch (cause) {
      setMessage({ text: cause instanceof Error ? cause.message : String(cause), error: true });
    } finally {
      setBusy(false);
    }
  }

  return {
    user,
    admin,
    ...choice,
    ...lists,
    dialog,
    setDialog,
    message,
    busy,
    changeEvent,
    closeDialog,
    remove,
    save,
  };
}

// /bib-manual (admin): the racers of a race in start order with their bibs, each bib typed by
// hand. The address's gender, discipline and division preset the race. A bib held by another
// racer of the event and discipline is caught before Save with a message naming the holder (and,
// if taken meanwhile on another device, by the server, whose refusal lands on the row). Editable
// offline: Save commits on the device and the outbox sends it.
import { useMemo, useState } from 'react';
import { useSession } from '../../components/session-context';
import type { InterschoolsDb } from '../../db/database';
import { bibConflicts } from '../../domain/rules/bib-numbers';
import { buildStartlist } from '../../domain/rules/start-list';
import { bibTakenMessage } from '../../domain/server-messages';
import { saveManualBibs, useRefusedBibs, type BibAssignment, type RefusedBibs } from './bib-manual-writes';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import { raceOf } from './race-choice';

const BIB_NUMBER_MESSAGE = 'A bib is a whole number from 1 (leave it empty for none).';

export default function BibManualPage({ db }: { db: InterschoolsDb }) {
  const refused = useRefusedBibs(db);
  return (
    <RaceDayFrame db={db} title="Manual bibs">
      {(view) =>
        refused ? (
          <BibGrid
            key={`${view.choice.event.id}:${view.choice.discipline.DisciplineId}:${view.choice.divisions[0]}:${view.choice.gender}`}
            db={db}
            view={view}
            refused={refused}
          />
        ) : null
      }
    </RaceDayFrame>
  );
}

interface Row {
  teamEntryId: string;
  order: number;
  name: string;
  schoolName: string;
  teamRank: string;
  position: number;
  /** The bib as this device holds it. */
  bib: number | null;
  pending: boolean;
}

function parseBib(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) && Number(trimmed) >= 1 ? Number(trimmed) : 'invalid';
}

/** Why a changed row's bib cannot be saved: not a bib, or held by another racer of the event
 *  and discipline (named). */
function bibProblems(changed: readonly Row[], shown: (row: Row) => string, view: RaceView) {
  const out = new Map<string, string>();
  const requested: { teamEntryId: string; bib: number }[] = [];
  for (const row of changed) {
    const bib = parseBib(shown(row));
    if (bib === 'invalid') out.set(row.teamEntryId, BIB_NUMBER_MESSAGE);
    else if (bib !== null) requested.push({ teamEntryId: row.teamEntryId, bib });
  }
  // Bibs are unique in the event and discipline, across every division and gender.
  const holders = view.data.entries.filter((e) => e.DisciplineId === view.choice.discipline.DisciplineId);
  const names = new Map(view.data.participants.map((p) => [p.id, `${p.firstname} ${p.lastname}`]));
  const schoolOf = new Map(
    view.data.teams.map((t) => [t.id, view.data.schools.find((s) => s.id === t.SchoolId)?.name ?? '']),
  );
  for (const conflict of bibConflicts(
    requested,
    holders.map((h) => ({ teamEntryId: h.id, bib: h.bib })),
  )) {
    const holder = holders.find((h) => h.id === conflict.holderTeamEntryId);
    const name = holder
      ? `${names.get(holder.ParticipantId ?? '') ?? 'another entry'} (${schoolOf.get(holder.TeamId) ?? ''})`
      : 'another entry';
    out.set(conflict.teamEntryId, bibTakenMessage(conflict.bib, name));
  }
  return out;
}

function BibGrid({ db, view, refused }: { db: InterschoolsDb; view: RaceView; refused: RefusedBibs }) {
  const { user } = useSession();
  const [draft, setDraft] = useState<Map<string, string>>(new Map());
  const [saved, setSaved] = useState<string | null>(null);

  const rows = useMemo<Row[]>(() => {
    const pending = new Set(view.data.entries.filter((e) => (e as { _pending?: boolean })._pending).map((e) => e.id));
    let order = 0;
    return buildStartlist(raceOf(view.choice), view.data).flatMap((team) =>
      team.members
        .filter((m) => m.ParticipantId !== null)
        .map((m) => ({
          teamEntryId: m.teamEntryId,
          order: ++order,
          name: `${m.lastname}, ${m.firstname}`,
          schoolName: team.schoolName,
          teamRank: team.teamRank,
          position: m.position,
          bib: m.bib,
          pending: pending.has(m.teamEntryId),
        })),
    );
  }, [view]);

  // What each row shows: the typed value, else a refused save's value, else the bib held.
  const shown = (row: Row) =>
    draft.get(row.teamEntryId) ??
    (refused.rows.has(row.teamEntryId) ? String(refused.rows.get(row.teamEntryId)!.bib ?? '') : String(row.bib ?? ''));
  const changed = rows.filter(
    (row) => refused.rows.has(row.teamEntryId) || (draft.has(row.teamEntryId) && parseBib(shown(row)) !== row.bib),
  );

  const problems = bibProblems(changed, shown, view);

  const save = async () => {
    const assignments: BibAssignment[] = changed.map((row) => ({
      teamEntryId: row.teamEntryId,
      bib: parseBib(shown(row)) as number | null,
    }));
    await saveManualBibs(db, { EventId: view.choice.event.id, assignments }, user?.username ?? null);
    setDraft(new Map());
    setSaved(
      `${assignments.length} ${assignments.length === 1 ? 'bib' : 'bibs'} saved on this device; they are sent to the server as soon as it can be reached.`,
    );
  };

  if (!rows.length) return <p className="race-empty">No racers are entered in this race.</p>;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {problems.size > 0 && (
        <p className="race-error" role="alert">
          Fix the bibs marked below before saving.
        </p>
      )}
      {saved && problems.size === 0 && (
        <p className="race-notice" role="status">
          {saved}
        </p>
      )}
      <table className="race-table">
        <thead>
          <tr>
            <th scope="col" className="num">
              Start
            </th>
            <th scope="col">Name</th>
            <th scope="col">School</th>
            <th scope="col">Team</th>
            <th scope="col" className="num">
              Position
            </th>
            <th scope="col">Bib</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const message = problems.get(row.teamEntryId) ?? refused.rows.get(row.teamEntryId)?.message ?? null;
            const inputId = `bib-${row.teamEntryId}`;
            return (
              <tr key={row.teamEntryId} className={row.pending ? 'pending' : undefined}>
                <td className="num">{row.order}</td>
                <td>
                  <label htmlFor={inputId}>{row.name}</label>
                </td>
                <td>{row.schoolName}</td>
                <td>{row.teamRank}</td>
                <td className="num">{row.position}</td>
                <td>
                  <input
                    id={inputId}
                    className="bib-input"
                    inputMode="numeric"
                    autoComplete="off"
                    value={shown(row)}
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${inputId}-message` : undefined}
                    onChange={(e) => {
                      setSaved(null);
                      setDraft(new Map(draft).set(row.teamEntryId, e.target.value));
                    }}
                  />
                </td>
                <td>
                  {message ? (
                    <span id={`${inputId}-message`} className="field-error">
                      {message}
                    </span>
                  ) : row.pending ? (
                    'Waiting to be sent'
                  ) : (
                    ''
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="race-actions no-print">
        <button type="submit" className="button button-save" disabled={changed.length === 0 || problems.size > 0}>
          Save
        </button>
      </div>
    </form>
  );
}

// The qualifiers a race proposes for the next level (docs/decisions.md, 'Results from the timing
// system'): its top teams and individuals by the event's numbers, everyone tied on the last place
// included (src/domain/rules/qualifiers.ts). Shown under the race's results; an administrator
// chooses the next level's event and confirms them, online, and they become the schools'
// invitations. What was confirmed, by whom and when stays in view, with a note when the results
// have changed since. Nothing from the last level, which sends no one on.
import { format } from 'date-fns/format';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { confirmRaceQualifiers } from '../../api/race-results';
import { useServices } from '../../components/services-context';
import type { InterschoolsDb } from '../../db/database';
import type { EventLevel } from '../../domain/constants/choices';
import type { QualifierSettings } from '../../domain/constants/results';
import { qualifierLines, raceQualifiers, sameQualifierLines, type QualifierLine } from '../../domain/rules/qualifiers';
import type { RaceStandings } from '../../domain/rules/race-results';
import type { Qualifier } from '../../domain/schemas';
import type { ConfirmQualifiersBody } from '../../domain/schemas/api/race-results';

export function QualifiersSection({
  id,
  standings,
  level,
  settings,
  confirm,
}: {
  id: string;
  standings: RaceStandings;
  level: EventLevel;
  settings: QualifierSettings;
  /** Where an administrator may confirm them: the race and this device's database. */
  confirm: { db: InterschoolsDb; race: Omit<ConfirmQualifiersBody, 'ToEventId'> } | null;
}) {
  const q = raceQualifiers(standings, level, settings);
  if (!q.nextLevel) return null;
  return (
    <section className="race-results" aria-labelledby={id}>
      <h3 id={id}>Qualifiers for {q.nextLevel}, proposed</h3>
      <p>
        The top {settings.teams} teams and the top {q.individualPlaces} individuals
        {q.individualPlaces < settings.individuals
          ? ` (fewer than ${settings.smallRaceStarters} started: ${q.starters})`
          : ` (${q.starters} started)`}
        , everyone tied on the last place included.
      </p>
      <div className="qualifiers">
        <div>
          <h4>Teams</h4>
          {q.teams.length ? (
            <ol>
              {q.teams.map((t) => (
                <li key={t.teamId} value={t.place ?? undefined}>
                  {t.teamName}
                </li>
              ))}
            </ol>
          ) : (
            <p>No team has a place yet.</p>
          )}
        </div>
        <div>
          <h4>Individuals</h4>
          {q.racers.length ? (
            <ol>
              {q.racers.map((r) => (
                <li key={r.racer.participantId} value={r.place ?? undefined}>
                  {r.racer.name}, {r.racer.schoolName}
                </li>
              ))}
            </ol>
          ) : (
            <p>No racer has a place yet.</p>
          )}
        </div>
      </div>
      {confirm && (
        <ConfirmQualifiers
          db={confirm.db}
          race={confirm.race}
          nextLevel={q.nextLevel}
          proposed={qualifierLines(q, standings)}
        />
      )}
    </section>
  );
}

const asLine = (c: Qualifier): QualifierLine => ({
  kind: c.kind,
  schoolId: c.SchoolId,
  place: c.place,
  teamName: c.teamName,
  racers: c.racers,
});

function ConfirmQualifiers({
  db,
  race,
  nextLevel,
  proposed,
}: {
  db: InterschoolsDb;
  race: Omit<ConfirmQualifiersBody, 'ToEventId'>;
  nextLevel: EventLevel;
  proposed: readonly QualifierLine[];
}) {
  const { engine } = useServices();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  });
  const found = useLiveQuery(async () => {
    const [events, confirmed] = await Promise.all([
      db.events.toArray(),
      db.qualifiers.where('EventId').equals(race.EventId).toArray(),
    ]);
    return {
      nextEvents: events
        .filter((e) => e.level === nextLevel && !e.archived)
        .sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)),
      eventName: new Map(events.map((e) => [e.id, e.name])),
      confirmed: confirmed.filter(
        (c) => c.DisciplineId === race.DisciplineId && c.division === race.division && c.gender === race.gender,
      ),
    };
  }, [db, race.EventId, race.DisciplineId, race.division, race.gender, nextLevel]);
  if (!found) return null;
  const { nextEvents, eventName, confirmed } = found;
  const toEventId = chosen || confirmed[0]?.ToEventId || nextEvents[0]?.id || '';
  const latest = confirmed[0];

  async function send() {
    setState({ kind: 'sending' });
    const answer = await confirmRaceQualifiers({ ...race, ToEventId: toEventId });
    if (!answer.ok) return setState({ kind: 'failed', message: answer.message });
    await engine.pull().catch(() => undefined);
    setState({ kind: 'idle' });
  }

  const teams = confirmed.filter((c) => c.kind === 'team').length;
  return (
    <div className="qualifiers-confirm no-print">
      {latest ? (
        <p role="status">
          Confirmed by {latest.confirmedBy} at {format(new Date(latest.confirmedAt), 'd MMM HH:mm')}: {teams}{' '}
          {teams === 1 ? 'team' : 'teams'} and {confirmed.length - teams} individuals invited to{' '}
          {eventName.get(latest.ToEventId) ?? `the ${nextLevel} event`}.
          {!sameQualifierLines(proposed, confirmed.map(asLine)) &&
            ' The results have changed since: confirm again to invite those proposed now.'}
        </p>
      ) : (
        <p>Not confirmed yet: schools see their invitations once an administrator confirms them.</p>
      )}
      {nextEvents.length === 0 ? (
        <p>There is no {nextLevel} event to invite them to yet. Add it on the events screen first.</p>
      ) : (
        <div className="form-row">
          <label htmlFor={selectId}>Invite them to</label>
          <select id={selectId} value={toEventId} onChange={(e) => setChosen(e.target.value)}>
            {nextEvents.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button-primary"
            disabled={state.kind === 'sending' || !toEventId}
            onClick={() => void send()}
          >
            {state.kind === 'sending' ? 'Confirming…' : latest ? 'Confirm again' : 'Confirm qualifiers'}
          </button>
        </div>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="form-error">
          {state.message}
        </p>
      )}
    </div>
  );
}

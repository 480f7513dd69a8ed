// The qualifiers a race proposes for the next level (docs/decisions.md, 'Results from the timing
// system'): its top teams and individuals by the event's numbers, everyone tied on the last place
// included (src/domain/rules/qualifiers.ts). Shown under the race's results for an administrator
// to check; nothing from the last level, which sends no one on.
import type { EventLevel } from '../../domain/constants/choices';
import { DEFAULT_QUALIFIER_SETTINGS } from '../../domain/constants/results';
import { raceQualifiers } from '../../domain/rules/qualifiers';
import type { RaceStandings } from '../../domain/rules/race-results';

export function QualifiersSection({
  id,
  standings,
  level,
}: {
  id: string;
  standings: RaceStandings;
  level: EventLevel;
}) {
  const settings = DEFAULT_QUALIFIER_SETTINGS;
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
    </section>
  );
}

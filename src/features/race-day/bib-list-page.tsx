// /bib-list: the racers with their bibs (by bib, then school, discipline, division, team and
// position), of one race or of the whole event, 50 rows a page by default, and each school's
// readiness for bib collection: waivers complete, volunteers registered, invoice paid. From the
// race-day mirror, computed as the server answers GET /api/bibList.
import { useMemo } from 'react';
import { SelectField } from '../../components/fields';
import type { InterschoolsDb } from '../../db/database';
import { bibListRows, bibReadiness, readinessFacts, type BibReadinessFacts } from '../../domain/rules/bib-list';
import type { RaceReadinessRow } from '../../domain/schemas/api/race-day-feed';
import { RaceDayFrame, type RaceView } from './race-day-frame';
import { TableScroll } from '../../components/table-scroll';
import { raceOf } from './race-choice';
import { Pager, pageOf, useListParams, type ListParams } from './race-pager';

const SCOPES = [
  { value: 'race', label: 'This race' },
  { value: 'event', label: 'Whole event' },
];

export default function BibListPage({ db }: { db: InterschoolsDb }) {
  const list = useListParams();
  const scope = list.params.get('list') === 'event' ? 'event' : 'race';
  const controls = (
    <SelectField
      label="List"
      value={scope}
      options={SCOPES}
      onChange={(value) => list.set({ list: value, page: '1' })}
    />
  );
  return (
    <RaceDayFrame db={db} title="Bib list" controls={controls}>
      {(view) => <BibList view={view} list={list} wholeEvent={scope === 'event'} />}
    </RaceDayFrame>
  );
}

function BibList({ view, list, wholeEvent }: { view: RaceView; list: ListParams; wholeEvent: boolean }) {
  const race = raceOf(view.choice);
  const names = useMemo(() => new Map(view.choice.event.disciplines.map((d) => [d.DisciplineId, d.name])), [view]);
  const rows = useMemo(
    () => bibListRows(view.data, wholeEvent ? { EventId: race.EventId } : race),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [view, wholeEvent],
  );
  const at = pageOf(rows, list);
  return (
    <>
      <Readiness view={view} />
      <h3>Racers</h3>
      {rows.length === 0 ? (
        <p className="race-empty">No racers are entered in {wholeEvent ? 'this event' : 'this race'}.</p>
      ) : (
        <>
          <TableScroll label="Racers">
            <table className="race-table">
              <thead>
                <tr>
                  <th scope="col" className="num">
                    Bib
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Snow id</th>
                  <th scope="col">School</th>
                  {wholeEvent && <th scope="col">Race</th>}
                  <th scope="col">Team</th>
                  <th scope="col" className="num">
                    Position
                  </th>
                </tr>
              </thead>
              <tbody>
                {at.rows.map((r) => (
                  <tr key={r.teamEntryId}>
                    <td className="num bib">
                      {r.bib ?? ''}
                      {r.bibManual ? <span className="visually-hidden"> (typed by hand)</span> : null}
                    </td>
                    <td>
                      {r.lastname}, {r.firstname}
                    </td>
                    <td>{r.snowId ?? ''}</td>
                    <td>{r.schoolName}</td>
                    {wholeEvent && (
                      <td>
                        {names.get(r.DisciplineId) ?? r.DisciplineId}, Div {r.division}, {r.teamGender}
                      </td>
                    )}
                    <td>{r.teamRank}</td>
                    <td className="num">{r.position}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager list={list} at={at} />
        </>
      )}
    </>
  );
}

const yes = (done: boolean, text?: string) => (
  <span className={done ? 'ready-yes' : 'ready-no'}>{text ?? (done ? 'Yes' : 'No')}</span>
);

function Readiness({ view }: { view: RaceView }) {
  const { schools, counts } = useMemo(() => {
    const counts = new Map<string, RaceReadinessRow>(view.data.readiness.map((r) => [r.SchoolId, r]));
    const facts = new Map<string, BibReadinessFacts>([...counts].map(([id, c]) => [id, readinessFacts(c)]));
    const entered = view.data.schools.filter((s) => counts.has(s.id)).sort((a, b) => a.name.localeCompare(b.name));
    return { schools: bibReadiness(entered, facts), counts };
  }, [view]);
  if (!schools.length) return null;
  const ready = schools.filter((s) => s.ready).length;
  return (
    <section aria-labelledby="readiness-title" className="readiness">
      <h3 id="readiness-title">
        Ready for bib collection: {ready} of {schools.length} schools
      </h3>
      <TableScroll label="Schools ready for bib collection">
        <table className="race-table">
          <thead>
            <tr>
              <th scope="col">School</th>
              <th scope="col">Racer waivers</th>
              <th scope="col">Volunteer waivers</th>
              <th scope="col">Volunteers</th>
              <th scope="col">Invoice paid</th>
              <th scope="col">Ready</th>
            </tr>
          </thead>
          <tbody>
            {schools.map((s) => {
              const c = counts.get(s.SchoolId)!;
              return (
                <tr key={s.SchoolId}>
                  <td>{s.schoolName}</td>
                  <td>{yes(s.participantWaiversComplete, `${c.completedParticipantWaivers} of ${c.racers}`)}</td>
                  <td>{yes(s.volunteerWaiversComplete, `${c.completedVolunteerWaivers} of ${c.volunteers}`)}</td>
                  <td>{yes(s.volunteersRegistered, `${c.assignedVolunteers} of ${c.requiredVolunteers} required`)}</td>
                  <td>{yes(s.invoicePaid)}</td>
                  <td>{yes(s.ready, s.ready ? 'Ready' : 'Not ready')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

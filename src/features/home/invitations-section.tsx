// The school's invitations on its home (docs/decisions.md, 'Results from the timing system'): the
// teams and racers an administrator confirmed as qualifiers, from the chosen event or to it, read
// offline from this device's copy. Nothing shows until the school has one.
import { useLiveQuery } from 'dexie-react-hooks';
import type { InterschoolsDb } from '../../db/database';
import { schoolInvitations } from '../../domain/rules/school-invitations';

export function InvitationsSection({
  db,
  schoolId,
  eventId,
}: {
  db: InterschoolsDb;
  schoolId: string;
  eventId: string;
}) {
  const groups = useLiveQuery(async () => {
    const [qualifiers, events, disciplines] = await Promise.all([
      db.qualifiers.toArray(),
      db.events.toArray(),
      db.disciplines.toArray(),
    ]);
    const eventName = new Map(events.map((e) => [e.id, e.name]));
    const disciplineName = new Map(disciplines.map((d) => [d.id, d.name]));
    return schoolInvitations(
      qualifiers.filter((q) => q.SchoolId === schoolId),
      eventId,
      { event: (id) => eventName.get(id), discipline: (id) => disciplineName.get(id) },
    );
  }, [db, schoolId, eventId]);
  if (!groups?.length) return null;
  return (
    <section aria-labelledby="home-invitations-title" className="home-section">
      <h2 id="home-invitations-title">Your invitations</h2>
      {groups.map((group) => (
        <div key={group.toEventId}>
          <h3>Invited to {group.toEventName}</h3>
          <ul>
            {group.lines.map((line, i) => (
              <li key={`${i}:${line}`}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

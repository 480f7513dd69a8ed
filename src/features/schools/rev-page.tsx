// /rev (admin): which events show their start lists (to race officials' tablets and schools) and
// their results. Each event's two flags, saved together with PUT /api/events carrying only id,
// showForResults and showForStartlists, so a stale copy of the events grid never undoes them.
// The list comes from the server: it needs the network and says so.
import { useState } from 'react';
import { z } from 'zod';
import { AdminListStatus } from '../../components/admin-list';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { useServerList } from '../../components/use-server-list';
import { TableScroll } from '../../components/table-scroll';
import { eventSchema } from '../../domain/schemas';
import { eventsApi } from '../../domain/schemas/api/events';

const REV_SAVED = 'Saved: race officials and schools see the change at their next sync.';

type Flags = { showForStartlists: boolean; showForResults: boolean };

const listSchema = z
  .array(
    eventSchema
      .pick({
        id: true,
        name: true,
        year: true,
        showForResults: true,
        showForStartlists: true,
        archived: true,
        version: true,
      })
      .loose(),
  )
  .transform((list) => list.filter((e) => !e.archived).sort((a, b) => b.year - a.year || a.name.localeCompare(b.name)));
type Row = z.output<typeof listSchema>[number];

export default function RevPage() {
  const { user } = useSession();
  const { online, rows, setRows, message, setMessage, busy, save } = useServerList({
    route: eventsApi.list,
    schema: listSchema,
    loadError: 'The events could not be loaded.',
  });
  const [edits, setEdits] = useState<Map<string, Flags>>(new Map());

  if (!user) return null;

  const flags = (row: Row): Flags =>
    edits.get(row.id) ?? { showForStartlists: row.showForStartlists, showForResults: row.showForResults };
  const set = (row: Row, patch: Partial<Flags>) => {
    setMessage(null);
    setEdits(new Map(edits).set(row.id, { ...flags(row), ...patch }));
  };

  const saveFlags = () =>
    save(
      { route: eventsApi.update, input: { body: { data: [...edits].map(([id, f]) => ({ id, ...f })) } } },
      { saved: REV_SAVED, failed: 'The events could not be saved.' },
      () => {
        setRows((current) => (current ?? []).map((r) => ({ ...r, ...(edits.get(r.id) ?? {}) })));
        setEdits(new Map());
      },
    );

  return (
    <PageMain className="page admin-list">
      <h1>Start lists and results shown</h1>
      <p>Race officials' tablets download the race day of every event whose start lists are shown.</p>
      <AdminListStatus online={online} message={message} />
      {rows && (
        <div className="admin-list-table-wrap">
          <TableScroll>
            <table className="admin-list-table">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Year</th>
                  <th scope="col">Start lists shown</th>
                  <th scope="col">Results shown</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const f = flags(row);
                  return (
                    <tr key={row.id}>
                      <td>{row.name}</td>
                      <td>{row.year}</td>
                      <td>
                        <input
                          type="checkbox"
                          className="admin-list-check"
                          aria-label={`Start lists shown for ${row.name} ${row.year}`}
                          checked={f.showForStartlists}
                          onChange={(e) => set(row, { showForStartlists: e.target.checked })}
                        />
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          className="admin-list-check"
                          aria-label={`Results shown for ${row.name} ${row.year}`}
                          checked={f.showForResults}
                          onChange={(e) => set(row, { showForResults: e.target.checked })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
      <div className="admin-list-actions">
        <button
          type="button"
          className="button button-save"
          disabled={!online || busy || edits.size === 0}
          onClick={() => void saveFlags()}
        >
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </PageMain>
  );
}

// The trophies list (trophies-page.tsx): each trophy's pictures (those this server keeps shown,
// others linked), name, discipline, division, gender, state, type and who won it at the event by
// its published results (rules/trophy-winners.ts), and the admin's Edit and Remove.
import { StoredLink } from '../../components/stored-link';
import { TableScroll } from '../../components/table-scroll';
import type { ResultRaceRow, TrophyRow } from '../../db/database';
import { isSafeStoredUrl } from '../../domain/rules/stored-url';
import { splitImageUrls } from '../../domain/rules/trophy-images';
import { trophyWinners } from '../../domain/rules/trophy-winners';

/** A picture this server keeps (uploaded here): shown in the list. Only a safe stored address
 *  (rules/stored-url) is ever shown or linked; any other, stored before the server checked them,
 *  is shown as text. */
const isOwnFile = (url: string) => {
  if (!isSafeStoredUrl(url)) return false;
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
};

/** A trophy's pictures: shown when this server keeps them, else linked. */
function TrophyPictures({ images, label }: { images: string[]; label: string }) {
  return (
    <>
      {images.length === 0
        ? 'No picture'
        : images.map((url, i) =>
            isOwnFile(url) ? (
              <img
                key={`${url}-${i}`}
                src={url}
                alt={`${label}, picture ${i + 1} of ${images.length}`}
                loading="lazy"
                style={{ maxWidth: 160, maxHeight: 160, marginRight: 4 }}
              />
            ) : (
              // Pictures kept on other sites are linked, not shown: the app loads images
              // only from its own server (Content-Security-Policy img-src 'self').
              <StoredLink
                key={`${url}-${i}`}
                url={url}
                fallback={<span style={{ marginRight: 4 }}>{url}</span>}
              >{`${label}, picture ${i + 1}`}</StoredLink>
            ),
          )}
    </>
  );
}

export function TrophiesTable({
  shown,
  names,
  races,
  refused,
  admin,
  busy,
  label,
  onEdit,
  onRemove,
}: {
  shown: readonly TrophyRow[];
  names: ReadonlyMap<number, string>;
  /** The event's race results, which decide the winners. */
  races: readonly ResultRaceRow[];
  /** A save was refused: a trophy waiting to be sent is not saved. */
  refused: boolean;
  admin: boolean;
  busy: boolean;
  /** How a trophy is named to a screen reader. */
  label: (t: TrophyRow) => string;
  onEdit: (t: TrophyRow) => void;
  onRemove: (t: TrophyRow) => void;
}) {
  return (
    <div className="admin-list-table-wrap">
      <TableScroll>
        <table className="admin-list-table">
          <thead>
            <tr>
              <th scope="col">Pictures</th>
              <th scope="col">Name</th>
              <th scope="col">Discipline</th>
              <th scope="col">Division</th>
              <th scope="col">Gender</th>
              <th scope="col">State</th>
              <th scope="col">Type</th>
              <th scope="col">Winner at this event</th>
              {admin && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((t) => {
              const images = splitImageUrls(t.imageURL);
              return (
                <tr key={t.id}>
                  <td>
                    <TrophyPictures images={images} label={label(t)} />
                  </td>
                  <td>
                    {t.name || '—'}
                    {t._pending && (
                      <span className="admin-list-pending">{refused ? ' (not saved)' : ' (waiting to be sent)'}</span>
                    )}
                  </td>
                  <td>{t.disciplineId === null ? 'Any' : (names.get(t.disciplineId) ?? t.disciplineId)}</td>
                  <td>{t.division ?? 'Any'}</td>
                  <td>{t.gender}</td>
                  <td>{t.state || '—'}</td>
                  <td>{t.type}</td>
                  <td>{trophyWinners(t, races) ?? 'Not decided yet'}</td>
                  {admin && (
                    <td className="admin-list-row-actions">
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        aria-label={`Edit trophy ${label(t)}`}
                        onClick={() => onEdit(t)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        aria-label={`Remove trophy ${label(t)}`}
                        onClick={() => onRemove(t)}
                      >
                        Remove
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {shown.length === 0 && <p>No trophies yet.</p>}
    </div>
  );
}

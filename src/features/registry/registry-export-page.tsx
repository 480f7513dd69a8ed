// #/snowracer/export (admin): the file Snowracer takes, made by the server for the session's event
// (one row per participant entered, docs/registry.md 'Export'), downloaded as CSV; and how many
// athletes Snowracer holds. Needs the network, and says so with the button disabled.
import { useId, useState } from 'react';
import { AdminListStatus } from '../../components/admin-list';
import { PageMain } from '../../components/page-main';
import { saveFile } from '../../components/save-file';
import { useSession } from '../../components/session-context';
import { useServerList } from '../../components/use-server-list';
import { registryApi } from '../../domain/schemas/api/registry';
import { fetchRegistryFile } from './registry-calls';
import { NO_EVENT_TO_EXPORT, athletesHeldMessage, fileSavedMessage } from './registry-texts';
import './registry.css';

export const DOWNLOAD_BUTTON = 'Download the Snowracer file';

export default function RegistryExportPage() {
  const { user } = useSession();
  const {
    online,
    rows: held,
    message,
    setMessage,
  } = useServerList({
    route: registryApi.count,
    loadError: 'The number of Snowracer athletes could not be read.',
  });
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  if (!user) return null;
  const eventId = user.EventId;

  const download = async () => {
    setBusy(true);
    setMessage(null);
    const outcome = await fetchRegistryFile(eventId);
    if (outcome.ok) saveFile(outcome.data.blob, outcome.data.name);
    setMessage(
      outcome.ok ? { text: fileSavedMessage(outcome.data.name), error: false } : { text: outcome.message, error: true },
    );
    setBusy(false);
  };

  return (
    <PageMain className="page admin-list registry-page">
      <h1>Athlete registry export</h1>
      {held && <p>{athletesHeldMessage(held.count)}</p>}
      <p>
        The file lists every participant entered in <strong>{user.eventName ?? 'the chosen event'}</strong> with their
        snow id, names, gender, date of birth, school and disciplines, ready to upload to Snowracer. It holds dates of
        birth: keep it private and delete it once uploaded.
      </p>
      <AdminListStatus online={online} message={message} />
      {!eventId && (
        <p className="admin-list-notice" id={hintId}>
          {NO_EVENT_TO_EXPORT}
        </p>
      )}
      <div className="admin-list-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!online || busy || !eventId}
          aria-describedby={!eventId ? hintId : undefined}
          onClick={() => void download()}
        >
          {DOWNLOAD_BUTTON}
        </button>
      </div>
      {busy && (
        <p className="registry-progress" role="status">
          Making the file…
        </p>
      )}
    </PageMain>
  );
}

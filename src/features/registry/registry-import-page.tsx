// #/snowracer/import (admin): brings snow ids and signed waivers from Snowracer for the participants
// entered in the session's event, and lists the dates of birth that differ from Snowracer's for a
// person to settle (docs/registry.md 'Import'). Needs the network, and says so with the button
// disabled; while it runs it shows progress; a failure shows the server's message.
import { useId, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { AdminListStatus } from '../../components/admin-list';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { useSyncStatus } from '../../components/use-sync-status';
import { TableScroll } from '../../components/table-scroll';
import { snowracerIdsImportedMessage } from '../../domain/messages';
import { isAdmin } from '../../domain/rules/access';
import { isoDateToDisplay } from '../../domain/rules/grid-date';
import type { IncorrectDob, RegistryImportResult } from '../../domain/schemas/api/registry';
import { importFromRegistry } from './registry-calls';
import { NO_EVENT_TO_IMPORT, waiversRecordedMessage } from './registry-texts';
import './registry.css';

export const IMPORT_BUTTON = 'Import from Snowracer';

type Stage =
  { kind: 'ready'; error: string | null } | { kind: 'running' } | { kind: 'done'; result: RegistryImportResult };

export default function RegistryImportPage() {
  const { user } = useSession();
  const { online } = useSyncStatus();
  const [stage, setStage] = useState<Stage>({ kind: 'ready', error: null });
  const hintId = useId();

  if (!user) return null;
  if (!isAdmin(user.type)) return <Navigate to="/login" replace />;
  const eventId = user.EventId;
  const running = stage.kind === 'running';

  const run = async () => {
    setStage({ kind: 'running' });
    const outcome = await importFromRegistry(eventId);
    setStage(outcome.ok ? { kind: 'done', result: outcome.data } : { kind: 'ready', error: outcome.message });
  };

  return (
    <PageMain className="page admin-list registry-page">
      <h1>Athlete registry import</h1>
      <p>
        From Snowracer, the athlete registry. For the participants entered in{' '}
        <strong>{user.eventName ?? 'the chosen event'}</strong>: a participant without a snow id gets the one Snowracer
        holds for the same name and date of birth, and a waiver signed with Snowracer is recorded on the school's
        waivers. Dates of birth that differ from Snowracer's are listed for you to check; they are never changed.
        Importing again is safe: nothing is imported twice.
      </p>
      <AdminListStatus
        online={online}
        message={stage.kind === 'ready' && stage.error ? { text: stage.error, error: true } : null}
      />
      {!eventId && (
        <p className="admin-list-notice" id={hintId}>
          {NO_EVENT_TO_IMPORT}
        </p>
      )}
      <div className="admin-list-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!online || running || !eventId}
          aria-describedby={!eventId ? hintId : undefined}
          onClick={() => void run()}
        >
          {IMPORT_BUTTON}
        </button>
      </div>
      {running && (
        <div className="registry-progress" role="status">
          <span>Importing from Snowracer…</span>
          {/* Indeterminate: the server asks Snowracer in batches and answers once, at the end. */}
          <progress aria-label="Importing from Snowracer" />
        </div>
      )}
      {stage.kind === 'done' && <ImportResult result={stage.result} />}
    </PageMain>
  );
}

function ImportResult({ result }: { result: RegistryImportResult }) {
  const titleId = useId();
  return (
    <section className="registry-result" aria-labelledby={titleId}>
      <h2 id={titleId}>Import finished</h2>
      <div role="status">
        <p>
          <strong>{snowracerIdsImportedMessage(result.totalSnowracerUpdated)}</strong>
        </p>
        <p>{waiversRecordedMessage(result.totalWaiversUpdated)}</p>
      </div>
      {result.snowracerIncorrectDOB.length === 0 ? (
        <p>Every date of birth matches Snowracer's.</p>
      ) : (
        <IncorrectDobTable rows={result.snowracerIncorrectDOB} />
      )}
    </section>
  );
}

function IncorrectDobTable({ rows }: { rows: IncorrectDob[] }) {
  return (
    <div className="admin-list-table-wrap">
      <TableScroll>
        <table className="admin-list-table">
          <caption className="registry-caption">
            Dates of birth that differ from Snowracer's ({rows.length}): correct the participant, or ask Snowracer to
            correct theirs.
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Snow id</th>
              <th scope="col">Our date of birth</th>
              <th scope="col">Snowracer's date of birth</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.ParticipantId}>
                <td>{`${row.firstname} ${row.lastname}`.trim()}</td>
                <td>{row.snowId}</td>
                <td>{isoDateToDisplay(row.dob) || 'None'}</td>
                <td>{isoDateToDisplay(row.registryDob) || 'None'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

// The copies to the accounting system (docs/accounting.md 'The queue'): how many wait to be sent
// in the background, any organisation paused by the accounting system's rate limits and until
// when, and each item it refused with its reason. After putting right what was refused (usually
// linking the school to its existing contact above), the admin sends it again.
import { TableScroll } from '../../components/table-scroll';
import { AdminListStatus } from '../../components/admin-list';
import { ListLoading } from '../../components/list-loading';
import { useServerList } from '../../components/use-server-list';
import { schoolsApi, type AccountingQueue } from '../../domain/schemas/api/schools';

const QUEUE_LOAD_ERROR = 'What is waiting for the accounting system could not be loaded.';
export const SENT_AGAIN = 'Sent again: it goes to the accounting system in the background.';
const RETRY_FAILED = 'It could not be sent again.';

const when = (iso: string) => new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

export function AccountingQueuePanel() {
  const { online, rows, setRows, message, busy, save, loadFailed, retry } = useServerList({
    route: schoolsApi.accountingQueue,
    loadError: QUEUE_LOAD_ERROR,
  });

  const sendAgain = (id: string) =>
    save(
      { route: schoolsApi.accountingRetry, input: { params: { id } } },
      { saved: SENT_AGAIN, failed: RETRY_FAILED },
      (answer) => {
        if (answer.data) setRows(answer.data);
      },
    );

  return (
    <section className="accounting-queue" aria-labelledby="accounting-queue-title">
      <h2 id="accounting-queue-title">Copies to the accounting system</h2>
      {rows === null ? (
        <ListLoading online={online} failed={loadFailed} onRetry={retry} />
      ) : (
        <QueueState queue={rows} busy={busy || !online} onSendAgain={(id) => void sendAgain(id)} />
      )}
      <AdminListStatus online={online} message={message} />
    </section>
  );
}

function QueueState({
  queue,
  busy,
  onSendAgain,
}: {
  queue: AccountingQueue;
  busy: boolean;
  onSendAgain: (id: string) => void;
}) {
  return (
    <>
      <p>
        {queue.waiting === 0 && queue.parked.length === 0
          ? 'Every invoice and payment is in the accounting system.'
          : `${queue.waiting} waiting to be sent. They are sent in the background; nothing needs doing.`}
      </p>
      {queue.pauses.map((p) => (
        <p key={p.organisation} className="admin-list-notice">
          {p.organisation}: {p.reason}. Sending again at {when(p.until)}.
        </p>
      ))}
      {queue.parked.length > 0 && (
        <>
          <p>
            The accounting system refused these. Put right what it says (for a contact name already taken, link the
            school to that contact above), then send it again.
          </p>
          <TableScroll>
            <table className="admin-list-table">
              <thead>
                <tr>
                  <th scope="col">What</th>
                  <th scope="col">Organisation</th>
                  <th scope="col">Refused because</th>
                  <th scope="col">Since</th>
                  <th scope="col">
                    <span className="visually-hidden">Send again</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {queue.parked.map((item) => (
                  <tr key={item.id}>
                    <td>{item.what}</td>
                    <td>{item.organisation}</td>
                    <td>{item.reason}</td>
                    <td>{when(item.since)}</td>
                    <td>
                      <button
                        type="button"
                        className="button"
                        disabled={busy}
                        onClick={() => onSendAgain(item.id)}
                        aria-label={`Send again: ${item.what}`}
                      >
                        Send again
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </>
  );
}

// Pieces every admin list shares: its stylesheet, the offline notice and the message line.
import { OFFLINE_MESSAGE } from '../api/call';
import type { ListMessage } from './use-server-list';
import './admin-list.css';

export function AdminListStatus({ online, message }: { online: boolean; message: ListMessage | null }) {
  return (
    <>
      {!online && <p className="admin-list-notice">{OFFLINE_MESSAGE}</p>}
      {message && (
        <p
          className={message.error ? 'admin-list-error' : 'admin-list-notice'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </>
  );
}

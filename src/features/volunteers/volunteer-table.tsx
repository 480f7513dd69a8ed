// The school's volunteers on the volunteers screen (volunteers-page.tsx): one editable row each
// (given name, surname, mobile, email, season pass), Remove, and the row's problem, refusal or
// 'Waiting to be sent'.
import { TableScroll } from '../../components/table-scroll';
import type { VolunteerFields } from './volunteer-draft';

type TextKey = 'firstname' | 'lastname' | 'mobile' | 'email';

const TEXT_LABELS: Record<TextKey, string> = {
  firstname: 'Given name',
  lastname: 'Surname',
  mobile: 'Mobile',
  email: 'Email',
};

type RowProps = {
  row: VolunteerFields;
  /** The row's place in the table, from 0: its fields are named 'of volunteer {index + 1}'. */
  index: number;
  /** Why the row cannot be saved, or why the server refused it. */
  message: string | undefined;
  pending: boolean;
  locked: boolean;
  onEdit: (row: VolunteerFields) => void;
  onRemove: (id: string) => void;
};

const labelOf = (index: number, what: string) => `${what} of volunteer ${index + 1}`;

function VolunteerInput({
  field,
  type = 'text',
  row,
  index,
  message,
  locked,
  onEdit,
}: Omit<RowProps, 'pending' | 'onRemove'> & { field: TextKey; type?: string }) {
  return (
    <input
      type={type}
      aria-label={labelOf(index, TEXT_LABELS[field])}
      value={row[field]}
      disabled={locked}
      aria-invalid={message ? true : undefined}
      onChange={(e) => onEdit({ ...row, [field]: e.target.value })}
    />
  );
}

function VolunteerRow(props: RowProps) {
  const { row, index, message, pending, locked, onEdit, onRemove } = props;
  return (
    <tr className={message ? 'has-issue' : undefined}>
      <td>
        <VolunteerInput field="firstname" {...props} />
      </td>
      <td>
        <VolunteerInput field="lastname" {...props} />
      </td>
      <td>
        <VolunteerInput field="mobile" type="tel" {...props} />
      </td>
      <td>
        <VolunteerInput field="email" type="email" {...props} />
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={labelOf(index, 'Season pass')}
          checked={row.seasonPass === '1'}
          disabled={locked}
          onChange={(e) => onEdit({ ...row, seasonPass: e.target.checked ? '1' : '0' })}
        />
      </td>
      <td>
        {!locked && (
          <button type="button" className="button" onClick={() => onRemove(row.id)}>
            Remove
          </button>
        )}
        {message ? (
          <span className="vol-error">{message}</span>
        ) : pending ? (
          <span className="vol-pending">Waiting to be sent</span>
        ) : null}
      </td>
    </tr>
  );
}

export function VolunteerTable({
  rows,
  issues,
  refusals,
  pending,
  locked,
  onEdit,
  onRemove,
}: {
  rows: VolunteerFields[];
  issues: Map<string, string>;
  refusals: Map<string, string>;
  pending: Set<string>;
  locked: boolean;
  onEdit: (row: VolunteerFields) => void;
  onRemove: (id: string) => void;
}) {
  if (!rows.length) return <p>No volunteers yet.</p>;
  return (
    <div className="vol-table-wrap">
      <TableScroll>
        <table className="vol-table">
          <thead>
            <tr>
              <th scope="col">Given name</th>
              <th scope="col">Surname</th>
              <th scope="col">Mobile</th>
              <th scope="col">Email</th>
              <th scope="col">Season pass</th>
              <th scope="col">
                <span className="visually-hidden">Actions and status</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <VolunteerRow
                key={row.id}
                row={row}
                index={i}
                message={issues.get(row.id) ?? refusals.get(row.id)}
                pending={pending.has(row.id)}
                locked={locked}
                onEdit={onEdit}
                onRemove={onRemove}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

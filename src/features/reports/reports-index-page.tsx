// #/reports: every report, grouped, for admin and auditor (others go to /login).
import { Link } from 'react-router-dom';
import { PageMain } from '../../components/page-main';
import { useSession } from '../../components/session-context';
import { REPORT_GROUPS, REPORTS, reportPath } from './reports';
import './reports.css';

export default function ReportsIndexPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <PageMain className="page report-page">
      <h1>Reports</h1>
      <p>
        Each report opens online with the server's latest figures; offline it shows the copy last fetched on this
        device, with its time.
      </p>
      {REPORT_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`reports-${group.id}`}>
          <h2 id={`reports-${group.id}`}>{group.label}</h2>
          <ul>
            {REPORTS.filter((r) => r.group === group.id).map((r) => (
              <li key={r.name}>
                <Link to={reportPath(r.name)}>{r.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </PageMain>
  );
}

// /startlists: where race-department users land after login (spec sections 1 and 6), until the
// start lists screen takes this route.
import { PageMain } from '../components/page-main';

export function StartlistsPlaceholder() {
  return (
    <PageMain className="page">
      <h1>Start lists</h1>
      <p>Start lists are not available yet.</p>
    </PageMain>
  );
}

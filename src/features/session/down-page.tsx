// /down: the host check found an address we do not serve (spec section 1).
import { PageMain } from '../../components/page-main';
export function DownPage() {
  return (
    <PageMain className="page page-narrow">
      <h1>Interschools is not available here</h1>
      <p>This address is not one Interschools is served from. Please use the address your event organiser gave you.</p>
    </PageMain>
  );
}

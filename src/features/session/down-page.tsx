// /down: the host check found an address we do not serve (spec section 1).
export function DownPage() {
  return (
    <main className="page page-narrow" id="main">
      <h1>Interschools is not available here</h1>
      <p>This address is not one Interschools is served from. Please use the address your event organiser gave you.</p>
    </main>
  );
}

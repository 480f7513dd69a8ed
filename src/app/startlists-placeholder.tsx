// /startlists: where race-department users land after login (spec sections 1 and 6). The start
// lists themselves come with the race-day issue.
export function StartlistsPlaceholder() {
  return (
    <main className="page" id="main">
      <h1>Start lists</h1>
      <p>Start lists arrive with the race-day issue.</p>
    </main>
  );
}

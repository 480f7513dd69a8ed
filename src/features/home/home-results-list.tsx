// The latest published results of the session's event (rules/home-results), for every role.
import { StoredLink } from '../../components/stored-link';
import type { HomeResult } from '../../domain/rules/home-results';

export function HomeResultsList({ results }: { results: readonly HomeResult[] }) {
  if (!results.length) return null;
  return (
    <section aria-labelledby="home-results-title" className="home-section">
      <h2 id="home-results-title">Results</h2>
      <ul className="home-result-links">
        {results.map((result) => (
          <li key={result.id}>
            {/* A file address that is not a web address or one of ours shows its title as text. */}
            <StoredLink url={result.fileUrl}>{result.title}</StoredLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

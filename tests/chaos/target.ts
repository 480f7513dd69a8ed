// What the chaos run drives: the servers its devices talk to. One server on the embedded database
// (single-target.ts), or two instances on one PostgreSQL behind a reverse proxy
// (cluster-target.ts). The run only talks HTTP to `url`, so it checks both the same way.
export type ChaosTarget = {
  /** The base URL every device and the final check talk to (no trailing slash). */
  url: string;
  /** What the run printed figures against: 'one server (embedded database)', 'two servers behind nginx (PostgreSQL)'. */
  description: string;
  /** kill -9 of one server process (mid-write, whenever the run calls it), then start it again on
   *  the same data; resolves once that process serves again. */
  crash(): Promise<void>;
  /** Stops everything and removes the throwaway data. */
  stop(): Promise<void>;
};

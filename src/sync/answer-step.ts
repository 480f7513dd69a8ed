// What the flush loop does after an answer: go on with the next item, stop (the session ended),
// wait and retry, or send an item again at once (a 409 merged and resent).
export type Step =
  { kind: 'next' } | { kind: 'stop' } | { kind: 'retry'; ms: number } | { kind: 'again'; localId: number };

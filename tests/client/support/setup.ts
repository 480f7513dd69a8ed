// The client tests share two cores with the in-process API tests; the library's one-second wait
// for an element is shorter than a first render of a lazily loaded grid takes on a busy machine.
// Set only where a DOM already exists: the node-environment files install theirs later and must
// import the library only then (node-dom.ts sets the same there).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
  // The grid's stylesheet, as the page has it (node-dom.ts adds it to the DOMs it installs).
  const { addGridTheme } = await import('./grid-theme');
  addGridTheme(document);
}
export {};

// The client-dom files (happy-dom's environment) share two cores with the API tests; the
// library's one-second wait for an element is shorter than a first render of a lazily loaded grid
// takes on a busy machine. The client project's files set the same in node-dom.ts.
import { configure } from '@testing-library/react';
import { addGridTheme } from './grid-theme';

configure({ asyncUtilTimeout: 10_000 });
// The grid's stylesheet, as the page has it (node-dom.ts adds it to the window it installs).
addGridTheme(document);

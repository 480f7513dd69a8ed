// The gateway module's face: what the rest of the server may use of it (lint keeps every other
// part to this file).
export { escapeHtml, sendPage } from './html';

// The message a page sends the service worker to ask how many of the app's files it has stored
// (answered on the message's port as { stored, total }; src/components/offline-readiness.tsx):
// one name for both sides.
export const STORED_FILES = 'STORED_FILES';

export interface StoredFiles {
  stored: number;
  total: number;
}

// Addresses people store for everyone to follow or load (a result's published file, a trophy's
// pictures): only an absolute web address, http: or https: without a user name or password, or
// one of this server's own files exactly as the upload calls answer it ('/api/files/<id>'). Any
// other scheme (javascript:, data:, vbscript:, file:, ftp:, ...), an address relative to the page
// or to the scheme ('//host'), and any whitespace, control character or backslash (which browsers
// strip or read as '/', turning 'java\tscript:' into a scheme) are refused. The server refuses them
// on the way in (schemas/common storedUrl); screens link and show only addresses that pass, so one
// stored before the check is shown as text.
import { TROPHY_IMAGE_SEPARATOR } from '../constants/choices';

export const STORED_URL_MESSAGE = 'Enter a full web address starting with https:// or http://, or upload the file.';

/** An uploaded file as POST /api/files/results and /api/files/trophies answer it (the id's
 *  characters and length as the files module makes and reads them). */
const OWN_FILE_PATH = /^\/api\/files\/[A-Za-z0-9_-]{16,64}$/;
/** Typed as an absolute web address: scheme, '//', then an authority with no '@' (no credentials). */
const WEB_ADDRESS = /^https?:\/\/[^/?#@]+(?:[/?#]|$)/i;
/** Whitespace (Unicode's too), control and invisible format characters (a right-to-left override
 *  disguises what a link shows) and backslashes: none belongs in a stored address. */
const FORBIDDEN_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;

/** '/api/files/<id>': a file this server keeps. */
function isOwnFilePath(text: string): boolean {
  return OWN_FILE_PATH.test(text);
}

function isWebAddress(text: string): boolean {
  if (!WEB_ADDRESS.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password
  );
}

/** An address safe to store and to link for every user: an http(s) web address or one of our own
 *  files. '' (none) is not an address: the schemas allow it where a field may be empty. */
export function isSafeStoredUrl(text: string): boolean {
  if (text === '' || FORBIDDEN_CHARACTER.test(text)) return false;
  return isOwnFilePath(text) || isWebAddress(text);
}

/** Several addresses joined by '|' (a trophy's pictures, rules/trophy-images): '' (none), or each
 *  one safe, none empty. */
export function isSafeStoredUrlList(text: string): boolean {
  return text === '' || text.split(TROPHY_IMAGE_SEPARATOR).every(isSafeStoredUrl);
}

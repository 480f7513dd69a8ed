// Uploads of a result PDF or a trophy image (they need the network, docs/decisions.md 'Offline,
// screen by screen'), sent with XMLHttpRequest because fetch reports no upload progress. The
// server decides what the file is by its bytes and answers { url: '/api/files/<id>' }.
import { OFFLINE_MESSAGE, type CallResult } from '../../api/call';
import { routePath } from '../../api/route-call';
import { uploadWithProgress } from '../../api/upload';
import { MAX_RESULT_FILE_BYTES, MAX_TROPHY_IMAGE_BYTES, resultsApi } from '../../domain/schemas/api/results';

export type UploadKind = 'results' | 'trophies';
const UPLOAD_ROUTES = { results: resultsApi.uploadResultFile, trophies: resultsApi.uploadTrophyImage };
const UPLOAD_FAILED = 'The file could not be uploaded. Try again.';
const UPLOAD_LIMITS: Readonly<Record<UploadKind, number>> = {
  results: MAX_RESULT_FILE_BYTES,
  trophies: MAX_TROPHY_IMAGE_BYTES,
};
const tooLargeMessage = (kind: UploadKind) =>
  `The file is larger than ${UPLOAD_LIMITS[kind] / (1024 * 1024)} MB. ${kind === 'results' ? 'Make the PDF smaller or type its web address instead.' : 'Choose a smaller picture.'}`;

/** Uploads the file; `onProgress` hears the share sent (0 to 1). */
export function uploadFile(
  kind: UploadKind,
  file: Blob,
  onProgress: (sent: number) => void,
): Promise<CallResult<{ url: string }>> {
  if (file.size > UPLOAD_LIMITS[kind])
    return Promise.resolve({ ok: false, status: 413, message: tooLargeMessage(kind) });
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return Promise.resolve({ ok: false, status: null, message: OFFLINE_MESSAGE });
  const route = UPLOAD_ROUTES[kind];
  return uploadWithProgress({
    path: routePath(route),
    file,
    contentType: file.type || 'application/octet-stream',
    schema: route.response,
    failed: UPLOAD_FAILED,
    onProgress,
    messages: { 413: tooLargeMessage(kind) },
  });
}

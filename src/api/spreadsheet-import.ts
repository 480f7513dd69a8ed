// The spreadsheet import's two calls (they need the network, docs/decisions.md 'Offline, screen by
// screen'): the upload, sent with XMLHttpRequest because fetch reports no upload progress, and the
// confirmation of the reviewed rows, with one idempotency key per click.
import { v7 as uuidv7 } from 'uuid';
import {
  participantsApi,
  type xlsImportConfirmResponseSchema,
  type ImportRow,
  type XlsImportAnswer,
} from '../domain/schemas/api/participants';
import { WRITE_HEADERS } from '../domain/schemas/api/sync';
import type { z } from 'zod';
import { failure, type CallResult } from './call';
import { callRoute, routePath } from './route-call';
import { uploadWithProgress } from './upload';

const UPLOAD_FAILED = 'The file could not be read. Try again.';

/** Uploads the file; `onProgress` hears the share sent (0 to 1). */
export function uploadSpreadsheet(
  file: Blob,
  onProgress: (sent: number) => void,
): Promise<CallResult<XlsImportAnswer>> {
  // The server decides by the file's bytes; the declared type only has to be one it takes.
  return uploadWithProgress({
    path: routePath(participantsApi.xlsImport),
    file,
    contentType: 'application/octet-stream',
    schema: participantsApi.xlsImport.response,
    failed: UPLOAD_FAILED,
    onProgress,
  });
}

export type ImportResult = z.infer<typeof xlsImportConfirmResponseSchema>;

export async function confirmImport(rows: ImportRow[]): Promise<CallResult<ImportResult>> {
  const answer = await callRoute(participantsApi.xlsImportConfirm, {
    body: { rows },
    headers: { [WRITE_HEADERS.idempotencyKey]: uuidv7() },
  });
  if (answer?.status === 200 && answer.data) return { ok: true, data: answer.data };
  return failure(answer, 'The import could not be saved.');
}

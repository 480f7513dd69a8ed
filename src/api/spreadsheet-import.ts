// The spreadsheet import's two calls (they need the network, PRODUCT-DECISIONS 'Offline, screen by
// screen'): the upload, sent with XMLHttpRequest because fetch reports no upload progress, and the
// confirmation of the reviewed rows, with one idempotency key per click.
import { v7 as uuidv7 } from 'uuid';
import {
  xlsImportConfirmResponseSchema, xlsImportResponseSchema, type ImportRow, type XlsImportAnswer,
} from '../domain/schemas/api/participants';
import { WRITE_HEADERS } from '../domain/schemas/api/sync';
import type { z } from 'zod';
import { OFFLINE_MESSAGE, call, failure, text, type CallResult } from './call';

export const UPLOAD_FAILED = 'The file could not be read. Try again.';

/** Uploads the file; `onProgress` hears the share sent (0 to 1). */
export function uploadSpreadsheet(file: Blob, onProgress: (sent: number) => void): Promise<CallResult<XlsImportAnswer>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/xls-import');
    // The server decides by the file's bytes; the declared type only has to be one it takes.
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ ok: false, status: null, message: OFFLINE_MESSAGE });
    xhr.ontimeout = () => resolve({ ok: false, status: null, message: UPLOAD_FAILED });
    xhr.onload = () => {
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status === 200) {
        const parsed = xlsImportResponseSchema.safeParse(body);
        resolve(parsed.success ? { ok: true, data: parsed.data } : { ok: false, status: 200, message: UPLOAD_FAILED });
        return;
      }
      resolve({ ok: false, status: xhr.status, message: text(body?.message) ?? UPLOAD_FAILED });
    };
    xhr.timeout = 120_000;
    xhr.send(file);
  });
}

export type ImportResult = z.infer<typeof xlsImportConfirmResponseSchema>;

export async function confirmImport(rows: ImportRow[]): Promise<CallResult<ImportResult>> {
  const answer = await call('post', 'api/xls-import/confirm', { rows }, { [WRITE_HEADERS.idempotencyKey]: uuidv7() });
  const parsed = answer?.status === 200 ? xlsImportConfirmResponseSchema.safeParse(answer.body) : null;
  if (parsed?.success) return { ok: true, data: parsed.data };
  return failure(answer, 'The import could not be saved.');
}

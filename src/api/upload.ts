// A file sent to the API with upload progress: XMLHttpRequest, because fetch reports none. The
// answer comes back as a value, never thrown (as call.ts does): the parsed body, or the server's
// message, or the offline message when the network failed.
import type { z } from 'zod';
import { OFFLINE_MESSAGE, text, type CallResult } from './call';

export type UploadOptions<S extends z.ZodType> = {
  /** The route's path, from routePath (callRoute sends JSON, not a file). */
  path: string;
  file: Blob;
  contentType: string;
  /** The answer's shape on 200. */
  schema: S;
  /** Shown when the server gives no message of its own. */
  failed: string;
  /** Hears the share sent (0 to 1). */
  onProgress: (sent: number) => void;
  /** Words for a status the caller explains better than the server (e.g. 413). */
  messages?: Partial<Record<number, string>>;
};

export function uploadWithProgress<S extends z.ZodType>(o: UploadOptions<S>): Promise<CallResult<z.output<S>>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', o.path);
    xhr.setRequestHeader('Content-Type', o.contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) o.onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ ok: false, status: null, message: OFFLINE_MESSAGE });
    xhr.ontimeout = () => resolve({ ok: false, status: null, message: o.failed });
    xhr.onload = () => {
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status === 200) {
        const parsed = o.schema.safeParse(body);
        resolve(parsed.success ? { ok: true, data: parsed.data } : { ok: false, status: 200, message: o.failed });
        return;
      }
      resolve({ ok: false, status: xhr.status, message: o.messages?.[xhr.status] ?? text(body?.message) ?? o.failed });
    };
    xhr.timeout = 120_000;
    xhr.send(o.file);
  });
}

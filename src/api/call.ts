// One JSON call to the API whose answer comes back as a value, never thrown: null when the
// network failed, else the status and the parsed body; and the failure result screens show.
import { http } from './http';

export type CallResult<T> = { ok: true; data: T } | { ok: false; status: number | null; message: string };

export const OFFLINE_MESSAGE = 'You are offline: this needs the network.';

/** `body` is the answer as an object (a list or a text wrapped as { data }); `json` is it as sent. */
export type Answer = { status: number; body: Record<string, unknown> | null; json?: unknown };

export async function call(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  json?: unknown,
  headers?: Record<string, string>,
): Promise<Answer | null> {
  let response: Response;
  try {
    response = await http(path, { method, json, headers });
  } catch {
    return null;
  }
  try {
    const raw = await response.text();
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const body =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : { data: parsed };
    return { status: response.status, body, json: parsed };
  } catch {
    return { status: response.status, body: null };
  }
}

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

export function failure(
  answer: Answer | null,
  fallback: string,
): { ok: false; status: number | null; message: string } {
  if (!answer) return { ok: false, status: null, message: OFFLINE_MESSAGE };
  return {
    ok: false,
    status: answer.status,
    message: text(answer.body?.message) ?? text(answer.body?.error) ?? fallback,
  };
}

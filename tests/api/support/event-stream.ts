// A device's live stream (GET /api/sync/live) read as the browser's EventSource would: over real
// HTTP with the session's cookie, its events counted as they come.
export async function openStream(base: string, cookie: string) {
  const res = await fetch(`${base}/api/sync/live`, { headers: { cookie } });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  return {
    res,
    /** Resolves once `count` 'change' events have arrived in all. */
    async changes(count: number) {
      while ((text.match(/^event: change$/gm) ?? []).length < count) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended after: ${text}`);
        text += value;
      }
    },
    text: () => text,
    close: () => reader.cancel(),
  };
}

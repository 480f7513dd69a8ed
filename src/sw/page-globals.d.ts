// Shared modules (src/db, src/sync) also run in the page, where they use `window` and `document`
// after checking `typeof window !== 'undefined'`. The worker has neither: these declarations only
// let that guarded code type-check under the WebWorker lib; at run time both are undefined here.
interface PageEventTargetLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

declare const window: PageEventTargetLike & { location: { reload(): void } };
declare const document: PageEventTargetLike & { visibilityState: string };

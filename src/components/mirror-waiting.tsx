// Shown in place of a list whose rows have not reached the device yet (use-mirror-view.ts).
export function MirrorWaiting({ what, online }: { what: string; online: boolean }) {
  return (
    <p role="status">
      {online ? `Loading ${what}…` : `The ${what} are not on this device yet: they download when it is back online.`}
    </p>
  );
}

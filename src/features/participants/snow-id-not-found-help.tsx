// What to do when the registry does not know a snow id. The dialog refuses such an id, so the one
// way in for a student without a usable id is the spreadsheet import, which takes a blank Snow ID.
export function SnowIdNotFoundHelp({ id }: { id: string }) {
  return (
    <p id={id} className="note">
      Check the number with the student or their family. A Snow Id is a racer&apos;s member number in Snowracer, the
      sport&apos;s athlete registry; an inactive one is not accepted here. A student with no Snow Id yet can be added
      without one: open Entries &gt; Import spreadsheet and leave their Snow ID cell empty.
    </p>
  );
}

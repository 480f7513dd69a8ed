// Which choice of a dropdown cell the typed text means. Handsontable's dropdown takes the first
// choice that contains the text anywhere, so 'Cross' picked 'Skier Cross' over 'Cross Country
// Classic', and 'Male' would pick 'Female' listed first. Here the exact choice wins, then the
// first that starts with the text, then the first with a word that starts with it, and only then
// the first that contains it; case is ignored.

const WORD_START = /[\s\-/(]+/;

function rank(choice: string, typed: string): number | null {
  if (choice === typed) return 0;
  if (choice.startsWith(typed)) return 1;
  if (choice.split(WORD_START).some((word) => word.startsWith(typed))) return 2;
  if (choice.includes(typed)) return 3;
  return null;
}

/** The index of the choice the typed text means, or undefined when it means none (or is empty). */
export function bestChoiceIndex(choices: readonly unknown[], typed: string): number | undefined {
  const wanted = typed.trim().toLocaleLowerCase();
  if (wanted === '') return undefined;
  let best: { index: number; rank: number } | undefined;
  choices.forEach((choice, index) => {
    const r = rank(
      String(choice ?? '')
        .trim()
        .toLocaleLowerCase(),
      wanted,
    );
    if (r !== null && (!best || r < best.rank)) best = { index, rank: r };
  });
  return best?.index;
}

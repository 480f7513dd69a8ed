// What the Snowracer screens say, in one place so the pages and their tests read the same words.
export const NO_EVENT_TO_IMPORT = 'Choose an event first (in the header), then import.';
export const NO_EVENT_TO_EXPORT = 'Choose an event first (in the header), then download its file.';

export const waiversRecordedMessage = (n: number) =>
  n === 1 ? '1 waiver recorded from Snowracer' : `${n} waivers recorded from Snowracer`;

export const athletesHeldMessage = (n: number) =>
  `Snowracer holds ${n.toLocaleString('en-AU')} ${n === 1 ? 'athlete' : 'athletes'}.`;

export const fileSavedMessage = (name: string) => `${name} is in your downloads.`;

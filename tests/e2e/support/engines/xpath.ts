// XPath for what a user looks for on a page: a button by its name, a field by its label, a text.
// Quotes in the names are not expected (the tests name the app's own labels).

const text = `normalize-space(.)`;

export const byText = (words: string) =>
  `//*[not(self::script)][contains(${text}, '${words}')][not(*[contains(${text}, '${words}')])]`;
export const button = (name: string, within = '') => `${within}//button[${text}='${name}' or @aria-label='${name}']`;
export const field = (label: string) => `//*[@id=//label[${text}='${label}']/@for]`;
export const heading = (name: string) => `//*[self::h1 or self::h2 or self::h3][${text}='${name}']`;

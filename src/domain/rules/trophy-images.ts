import { TROPHY_IMAGE_SEPARATOR } from '../constants/choices';

/** A trophy's imageURL holds several URLs joined by '|'. */
export function splitImageUrls(imageURL: string | null | undefined): string[] {
  return (imageURL ?? '')
    .split(TROPHY_IMAGE_SEPARATOR)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}

export function joinImageUrls(urls: readonly string[]): string {
  return urls
    .map((url) => url.trim())
    .filter((url) => url !== '')
    .join(TROPHY_IMAGE_SEPARATOR);
}

// Reads an XML part as a stream of events (saxes), element and attribute names without their
// namespace prefix (writers differ: 'x:c' and 'c' are the same cell). The part is decoded and fed
// in slices, so a handler may stop the reading early (throw EnoughRead) or refuse the file (throw
// a SpreadsheetRefusal); anything that is not well-formed XML is unreadable.
import { SaxesParser } from 'saxes';
import { SpreadsheetRefusal, unreadable } from './refusals';

export type XmlHandlers = {
  open?: (name: string, attributes: Readonly<Record<string, string>>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** Thrown by a handler that has read all it needs of a part. */
export class EnoughRead extends Error {}

const SLICE_BYTES = 256 * 1024;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function localAttributes(attributes: Record<string, string>): Record<string, string> {
  const local: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) local[localName(name)] = value;
  return local;
}

export function readXml(bytes: Uint8Array, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ position: false });
  const { open, close, text } = handlers;
  if (open) parser.on('opentag', (tag) => open(localName(tag.name), localAttributes(tag.attributes as Record<string, string>)));
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  const decoder = new TextDecoder('utf-8');
  try {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      parser.write(decoder.decode(bytes.subarray(at, at + SLICE_BYTES), { stream: true }));
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    if (err instanceof EnoughRead) return;
    if (err instanceof SpreadsheetRefusal) throw err;
    throw unreadable();
  }
}

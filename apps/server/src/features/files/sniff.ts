import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** Enough bytes for file-type to recognise every format we accept. */
const HEAD_BYTES = 4100;

/**
 * Reads the first bytes of a stream to learn what it really contains, and hands back a stream
 * that still yields every byte, so the upload goes on without buffering the whole file.
 */
export async function sniff(
  source: Readable,
): Promise<{ mime: string | undefined; text: boolean; markup: boolean; empty: boolean; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value as Buffer);
    length += (next.value as Buffer).length;
  }
  const head = Buffer.concat(chunks);
  const type = await fileTypeFromBuffer(head);
  async function* rest() {
    if (head.length) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  return {
    mime: type?.mime,
    text: !head.includes(0),
    markup: looksLikeMarkup(head),
    empty: head.length === 0,
    stream: ReadableStream.from(rest()),
  };
}

/** HTML, SVG or XML a browser could render as a page, whatever the declared type says. */
export function looksLikeMarkup(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .toLowerCase();
  return /^\s*<|<(\?xml|!doctype|html|head|body|svg|script|iframe|object|embed)[\s>/]/.test(text);
}

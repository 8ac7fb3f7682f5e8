import { DomainError } from '../../events/store/errors.ts';
import { MAX_IMAGES_PER_LISTING } from '../contract/properties.schema.ts';
import { malformedJson } from '../http/error-response.ts';
import { TEXT_FAULT_MESSAGES, textFault } from '../contract/well-formed-text.ts';

// The list wizard's `{"images": ["data:image/jpeg;base64,...", ...]}` read as it
// streams in (issue 27): a body of up to 175 MB is never held whole. Each data
// URL is decoded from base64 as its characters arrive and written to a sink
// (a file, which counts it: 5 MB at most); once complete it is handed on, and
// the body is not read further until the handler is done with it, so a slow
// handler slows the client instead of filling memory. The answers are those
// of UploadImagesJsonSchema.

const invalid = (path: string, message: string) =>
  new DomainError('invalid', 'invalid_input', message, { issues: [{ path, message }] });
const NOT_A_LIST = () => invalid('images', 'images must be a list of data URLs');
const NOT_A_DATA_URL = (index: number) => invalid(`images.${index}`, 'Each image must be a base64 data URL');

const DATA_URL = /^data:([\w.+/-]*)(;[\w=.+-]+)*;base64,$/;
const MAX_HEADER = 200;
const MAX_DEPTH = 32;
const MAX_KEY = 64;
const CONTROL = /[\u0000-\u001f]/;
const NOT_BASE64 = /[^A-Za-z0-9+/=_-]/g;

/** Where a photo's bytes go as they are decoded: write() may refuse (413); drained() is awaited between body chunks. */
export type PhotoSink = { write(bytes: Buffer): void; drained(): Promise<void> };

/** One data URL's bytes, decoded 4 characters at a time as they arrive, into its sink. */
class DataUrlDecoder {
  private header = '';
  private inBody = false;
  private pending = '';
  constructor(
    private readonly index: number,
    readonly sink: PhotoSink,
  ) {}

  /** Characters of the string as they come (escapes already undone). */
  push(text: string) {
    // The same answer as every other door gives (api/middleware/validate.ts); base64 holds neither.
    const fault = textFault(text);
    if (fault) throw invalid(`images.${this.index}`, `images.${this.index} ${TEXT_FAULT_MESSAGES[fault]}`);
    let rest = text;
    while (!this.inBody && rest.length > 0) {
      const char = rest[0]!;
      rest = rest.slice(1);
      this.header += char;
      if (char === ',') {
        if (!DATA_URL.test(this.header)) throw NOT_A_DATA_URL(this.index);
        this.inBody = true;
      } else if (this.header.length > MAX_HEADER) throw NOT_A_DATA_URL(this.index);
    }
    if (rest.length === 0) return;
    // As Buffer.from(…, 'base64') does: anything outside the alphabet is skipped.
    this.pending += rest.replace(NOT_BASE64, '');
    if (this.pending.length >= 4096) this.flush(false);
  }

  private flush(last: boolean) {
    const take = last ? this.pending.length : this.pending.length - (this.pending.length % 4);
    const bytes = Buffer.from(this.pending.slice(0, take), 'base64');
    this.pending = this.pending.slice(take);
    if (bytes.length > 0) this.sink.write(bytes);
  }

  end(): PhotoSink {
    if (!this.inBody) throw NOT_A_DATA_URL(this.index);
    this.flush(true);
    return this.sink;
  }
}

type Frame =
  | { kind: 'object'; expect: 'key-or-end' | 'key' | 'colon' | 'value' | 'comma-or-end'; key: string }
  | { kind: 'array'; expect: 'value-or-end' | 'value' | 'comma-or-end'; count: number };

/**
 * Reads a JSON body `{images: [dataUrl, ...]}` from `source`: each photo's
 * bytes go to the sink `open(index)` makes, and `onImage(sink, index)` is
 * called once it is complete, in order, and waited for before reading on. Other keys are skipped without being kept. Refuses, as the
 * contract says: malformed JSON (400), a body that is not such an object or a
 * list that is empty or longer than 25 (400 with the path), a photo over 5 MB (413).
 */
export async function readImagesJson<Sink extends PhotoSink>(
  source: AsyncIterable<Uint8Array>,
  { open, onImage }: { open: (index: number) => Sink; onImage: (sink: Sink, index: number) => Promise<void> },
): Promise<number> {
  const stack: Frame[] = [];
  let images = 0;
  let seenImages = false;
  let done = false;
  // Inside a string: what it is for, and escape state.
  let string: {
    role: 'key' | 'image' | 'skip';
    text: string;
    escape: number | null;
    unicode: string;
    decoder: DataUrlDecoder | null;
  } | null = null;
  // A number or true/false/null being read.
  let literal: string | null = null;
  const ready: { sink: Sink; index: number }[] = [];

  const top = () => stack[stack.length - 1];
  /** The container a value at the current position belongs to is the images list. */
  const inImagesList = () => stack.length === 2 && stack[0]!.kind === 'object' && stack[0]!.key === 'images';

  function valueDone() {
    const frame = top();
    if (!frame) {
      done = true;
      return;
    }
    frame.expect = 'comma-or-end';
  }

  function startValue(char: string) {
    if (!/[{["\-0-9tfn]/.test(char)) throw malformedJson();
    const frame = top();
    if (!frame && char !== '{') throw invalid('', 'The body must be a JSON object');
    const isImagesValue = stack.length === 1 && frame?.kind === 'object' && frame.key === 'images';
    if (isImagesValue) {
      if (char !== '[' || seenImages) throw NOT_A_LIST();
      seenImages = true;
    }
    if (inImagesList()) {
      const index = (frame as Extract<Frame, { kind: 'array' }>).count;
      if (index >= MAX_IMAGES_PER_LISTING)
        throw invalid('images', `At most ${MAX_IMAGES_PER_LISTING} photos per listing`);
      if (char !== '"') throw invalid(`images.${index}`, 'Each image must be a data URL');
    }
    if (frame?.kind === 'array') frame.count += 1;
    if (char === '{' || char === '[') {
      if (stack.length >= MAX_DEPTH) throw malformedJson();
      stack.push(
        char === '{'
          ? { kind: 'object', expect: 'key-or-end', key: '' }
          : { kind: 'array', expect: 'value-or-end', count: 0 },
      );
      return;
    }
    if (char === '"') {
      const image = inImagesList();
      const decoder = image ? new DataUrlDecoder(images, open(images)) : null;
      if (image) images += 1;
      string = { role: image ? 'image' : 'skip', text: '', escape: null, unicode: '', decoder };
      return;
    }
    literal = char;
  }

  function endLiteral() {
    if (!/^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/.test(literal!)) throw malformedJson();
    literal = null;
    valueDone();
  }

  function stringChar(char: string) {
    const s = string!;
    if (s.role === 'key') {
      if (s.text.length <= MAX_KEY) s.text += char.slice(0, MAX_KEY + 1);
    } else if (s.decoder) s.decoder.push(char);
  }

  function endString() {
    const s = string!;
    string = null;
    if (s.role === 'key') {
      const frame = top() as Extract<Frame, { kind: 'object' }>;
      frame.key = s.text;
      frame.expect = 'colon';
      return;
    }
    if (s.decoder) ready.push({ sink: s.decoder.end() as Sink, index: images - 1 });
    valueDone();
  }

  function step(char: string) {
    if (string) {
      const s = string;
      if (s.escape === 1) {
        s.escape = null;
        if (char === 'u') {
          s.escape = 2;
          return;
        }
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (!(char in simple)) throw malformedJson();
        return stringChar(simple[char]!);
      }
      if (s.escape === 2) {
        if (!/[0-9a-fA-F]/.test(char)) throw malformedJson();
        s.unicode += char;
        if (s.unicode.length === 4) {
          s.escape = null;
          stringChar(String.fromCharCode(parseInt(s.unicode, 16)));
          s.unicode = '';
        }
        return;
      }
      if (char === '\\') {
        s.escape = 1;
        return;
      }
      if (char === '"') return endString();
      if (char < ' ') throw malformedJson();
      return stringChar(char);
    }
    if (literal !== null) {
      if (/[-+.0-9a-zA-Z]/.test(char) && literal.length < 64) {
        literal += char;
        return;
      }
      endLiteral();
    }
    if (char === ' ' || char === '\n' || char === '\r' || char === '\t') return;
    if (done) throw malformedJson();
    const frame = top();
    if (!frame) return startValue(char);
    if (frame.kind === 'object') {
      switch (frame.expect) {
        case 'key-or-end':
        case 'key':
          if (char === '}' && frame.expect === 'key-or-end') return closeContainer();
          if (char !== '"') throw malformedJson();
          string = { role: 'key', text: '', escape: null, unicode: '', decoder: null };
          return;
        case 'colon':
          if (char !== ':') throw malformedJson();
          frame.expect = 'value';
          return;
        case 'value':
          return startValue(char);
        case 'comma-or-end':
          if (char === '}') return closeContainer();
          if (char !== ',') throw malformedJson();
          frame.expect = 'key';
          return;
      }
    }
    switch (frame.expect) {
      case 'value-or-end':
      case 'value':
        if (char === ']' && frame.expect === 'value-or-end') return closeContainer();
        return startValue(char);
      case 'comma-or-end':
        if (char === ']') return closeContainer();
        if (char !== ',') throw malformedJson();
        frame.expect = 'value';
        return;
    }
  }

  function closeContainer() {
    stack.pop();
    valueDone();
  }

  // Bytes, not characters: outside strings JSON is ASCII, and no byte of a multi-byte UTF-8
  // character is a quote or a backslash, so a skipped string is skipped right. The data URLs
  // themselves are ASCII; anything else in one is not base64 and is dropped like Buffer.from does.
  for await (const chunk of source) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let i = 0; i < bytes.length; ) {
      const s = string as { role: string; escape: number | null } | null;
      if (s && s.escape === null && s.role !== 'key') {
        // The bulk of the body: a run of plain string characters, taken at once.
        let end = i;
        while (end < bytes.length && bytes[end] !== 0x22 && bytes[end] !== 0x5c) end++;
        if (end > i) {
          const run = bytes.toString('latin1', i, end);
          if (CONTROL.test(run)) throw malformedJson();
          stringChar(run);
          i = end;
          continue;
        }
      }
      step(String.fromCharCode(bytes[i]!));
      i++;
    }
    const writing = (string as { decoder: DataUrlDecoder | null } | null)?.decoder;
    if (writing) await writing.sink.drained();
    for (const image of ready.splice(0)) await onImage(image.sink, image.index);
  }
  if (literal !== null) endLiteral();
  if (!done || string) throw malformedJson();
  if (!seenImages) throw NOT_A_LIST();
  if (images === 0) throw invalid('images', 'Choose at least one photo');
  return images;
}

/**
 * What the server keeps of a PDF certificate (docs/decisions/202-certificate-files.md): the pages as they show, and
 * nothing about who made the file, with what, where, or what it would run when opened. The PDF is parsed and
 * written again as one fresh revision holding only the objects the document still reaches from its catalogue:
 *
 * - gone: the document information dictionary (author, title, creator, producer, dates), every XMP `Metadata`
 *   stream, `PieceInfo` (an editor's private data), the file identifiers, earlier revisions and unreferenced objects
 *   (an incremental save keeps what was "deleted"), embedded files, document JavaScript, the open action and every
 *   additional action (`AA`), and link or form actions that run JavaScript, launch a program, import data or submit;
 * - kept, but stripped like the personal file's photos: each embedded JPEG image (DCTDecode) loses its EXIF (GPS
 *   position included), XMP and comments (server/services/image-metadata.ts);
 * - refused (null): what does not parse as a PDF, an encrypted one (the agency could not read it), one without pages;
 * - too much work (DecodeLimitExceeded is thrown): streams that decompress to more than `decodedMax` bytes in all
 *   (server/services/pdf-decode-limit.ts, docs/decisions/220-bounded-file-examination.md).
 *
 * Pure JavaScript (pdf-lib), no native tool: the same everywhere the server runs. It runs in the file examination's
 * worker threads (server/services/file-examination.ts), never on the event loop of the server.
 */
import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';
import { stripImageMetadata } from './image-metadata.ts';
import { withinDecodeLimit } from './pdf-decode-limit.ts';

/** What a reading may decompress by default: far above the object streams of a real certificate (decision 220). */
export const PDF_DECODED_MAX = 16 * 1024 * 1024;

/** Keys dropped from every dictionary, wherever they are. */
const DROPPED_KEYS = ['Metadata', 'PieceInfo', 'AA', 'JS', 'OpenAction', 'EmbeddedFiles', 'JavaScript', 'EmbeddedFile', 'EF', 'XFA', 'RichMediaContent'].map(
  (k) => PDFName.of(k),
);
/** Actions that do more than move within the document or open a link. */
const ACTIVE_ACTIONS = new Set(['/JavaScript', '/Launch', '/ImportData', '/SubmitForm', '/RichMediaExecute', '/Rendition']);

const nameOf = (value: PDFObject | undefined): string | null => (value instanceof PDFName ? value.asString() : null);

/** The value behind a reference (or the value itself). */
const resolve = (context: PDFContext, value: PDFObject | undefined): PDFObject | undefined => (value instanceof PDFRef ? context.lookup(value) : value);

function cleanDict(context: PDFContext, dict: PDFDict): void {
  for (const key of DROPPED_KEYS) dict.delete(key);
  // A link, a form field or an outline entry whose action is active: the action goes, the entry stays.
  const action = resolve(context, dict.get(PDFName.of('A')));
  if (action instanceof PDFDict && ACTIVE_ACTIONS.has(nameOf(action.get(PDFName.of('S'))) ?? '')) dict.delete(PDFName.of('A'));
}

/** The single filter of a stream, when it has exactly one. */
function onlyFilter(context: PDFContext, dict: PDFDict): string | null {
  const filter = resolve(context, dict.get(PDFName.of('Filter')));
  if (filter instanceof PDFName) return filter.asString();
  if (filter instanceof PDFArray && filter.size() === 1) return nameOf(resolve(context, filter.get(0)));
  return null;
}

/** Walks an object and what it holds directly (referenced objects are walked from the reference), cleaning as it goes. */
function walk(context: PDFContext, value: PDFObject, refs: PDFRef[]): void {
  if (value instanceof PDFRef) refs.push(value);
  else if (value instanceof PDFArray) for (let i = 0; i < value.size(); i++) walk(context, value.get(i), refs);
  else if (value instanceof PDFDict) {
    cleanDict(context, value);
    for (const [, inner] of value.entries()) walk(context, inner, refs);
  } else if (value instanceof PDFStream) walk(context, value.dict, refs);
}

/** A JPEG image's bytes without their metadata (a stream of any other kind is left as it is). */
function stripImage(context: PDFContext, ref: PDFRef, stream: PDFObject | undefined): void {
  if (!(stream instanceof PDFRawStream) || nameOf(stream.dict.get(PDFName.of('Subtype'))) !== '/Image') return;
  if (onlyFilter(context, stream.dict) !== '/DCTDecode') return;
  const stripped = stripImageMetadata(stream.getContents());
  if (stripped !== stream.getContents()) context.assign(ref, PDFRawStream.of(stream.dict, stripped));
}

/** The sanitized PDF, or null when it is not one the agency could read (see above); DecodeLimitExceeded past `decodedMax`. */
export function sanitizePdf(bytes: Uint8Array, decodedMax = PDF_DECODED_MAX): Promise<Uint8Array | null> {
  return withinDecodeLimit(decodedMax, () => rewrite(bytes));
}

async function rewrite(bytes: Uint8Array): Promise<Uint8Array | null> {
  let doc: PDFDocument;
  try {
    // Fastest: no pause every 100 objects; the reading has a thread of its own.
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, parseSpeed: ParseSpeeds.Fastest });
    if (doc.isEncrypted || doc.getPageCount() === 0) return null;
  } catch {
    return null;
  }
  const { context } = doc;
  const root = context.trailerInfo.Root;
  context.trailerInfo.Info = undefined;
  context.trailerInfo.ID = undefined;
  // From the catalogue, keep what it still reaches once every dropped key is gone; anything else is left out.
  const reached = new Set<string>();
  const queue: PDFRef[] = root instanceof PDFRef ? [root] : [];
  while (queue.length > 0) {
    const ref = queue.pop()!;
    if (reached.has(ref.toString())) continue;
    reached.add(ref.toString());
    const object = context.lookup(ref);
    if (!object) continue;
    stripImage(context, ref, object);
    walk(context, context.lookup(ref)!, queue);
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!reached.has(ref.toString())) context.delete(ref);
  try {
    return await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  } catch {
    return null;
  }
}

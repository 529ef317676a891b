/**
 * The examination of one file a worker sends (a photo, a scan, a PDF), as it runs inside a file-examination worker
 * thread (server/services/file-examination.ts calls it there; docs/decisions/220-bounded-file-examination.md):
 *
 * - the format by the first bytes, whatever the name or the declared type: JPEG, PNG or PDF, among those accepted;
 * - an image: the personal file's one check (server/services/image-check.ts: whole, at most 100 Mpx and `maxEdge` on
 *   its long edge, read from its header, no pixel decoded), then its metadata stripped (image-metadata.ts);
 * - a PDF: rewritten without its metadata, scripts and attachments (pdf-sanitize.ts), with at most `decodedMax`
 *   bytes decompressed from its streams in all.
 *
 * Bytes in, bytes out; nothing here knows about requests, so a later kind of attachment reuses it whole.
 */
import { isPdf } from '#domain/absence.ts';
import { sniffImage } from '#domain/image-bytes.ts';
import { checkImage } from './image-check.ts';
import { stripImageMetadata } from './image-metadata.ts';
import { DecodeLimitExceeded } from './pdf-decode-limit.ts';
import { PDF_DECODED_MAX, sanitizePdf } from './pdf-sanitize.ts';

export type FileFormat = 'jpeg' | 'png' | 'pdf';
const MEDIA_TYPES = { jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' } as const satisfies Record<FileFormat, string>;
type FileMediaType = (typeof MEDIA_TYPES)[FileFormat];

/**
 * Why a file is refused: not of an accepted format; an image cut off or damaged; an image of more pixels than a
 * browser shows; a PDF that does not parse, is encrypted or has no page; more work than the limits allow (too much
 * to decompress, too long, too much memory).
 */
export type FileProblem = 'format' | 'damaged' | 'tooManyPixels' | 'unreadable' | 'tooComplex';

export type ExamineOptions = {
  accept: readonly FileFormat[];
  /** The longest side an image may declare (IMAGE_MAX_EDGE). */
  maxEdge?: number;
  /** The decompressed bytes a PDF's streams may reach in all. */
  decodedMax?: number;
};

/** The file as it may be stored (its bytes without metadata), or why not. */
export type Examination = { ok: true; format: FileFormat; mediaType: FileMediaType; bytes: Uint8Array } | { ok: false; problem: FileProblem };

const refused = (problem: FileProblem): Examination => ({ ok: false, problem });
const accepted = (format: FileFormat, bytes: Uint8Array): Examination => ({ ok: true, format, mediaType: MEDIA_TYPES[format], bytes });

export async function examineHere(bytes: Uint8Array, options: ExamineOptions): Promise<Examination> {
  const sniffed = isPdf(bytes) ? 'pdf' : sniffImage(bytes);
  const format = options.accept.find((f) => f === sniffed);
  if (!format) return refused('format');
  if (format === 'pdf') {
    try {
      const pdf = await sanitizePdf(bytes, options.decodedMax ?? PDF_DECODED_MAX);
      return pdf ? accepted('pdf', pdf) : refused('unreadable');
    } catch (error) {
      if (error instanceof DecodeLimitExceeded) return refused('tooComplex');
      throw error;
    }
  }
  const image = checkImage(bytes, options.maxEdge);
  if (!image.ok) return refused(image.problem === 'format' ? 'format' : image.problem === 'damaged' ? 'damaged' : 'tooManyPixels');
  return accepted(image.format, stripImageMetadata(bytes));
}

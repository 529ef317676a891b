/**
 * A bound on what pdf-lib decompresses while it reads a PDF (docs/decisions/220-bounded-file-examination.md).
 *
 * Reading a PDF, pdf-lib inflates its object streams and cross-reference streams (FlateDecode, LZW, …) into memory,
 * in full, before it parses them: a 1 MB object stream may inflate to 1 GiB (a "zip bomb"). Every one of its
 * decoders grows its output through `DecodeStream.prototype.ensureBuffer`; this module wraps that method so that,
 * inside `withinDecodeLimit`, the bytes all the decoders of one reading ask for are counted, and the first request
 * past the limit throws. The output buffer of a decoder is at most twice what it asked for, so the memory a reading
 * decodes into stays within a few times the limit, whatever the file declares.
 *
 * pdf-lib (kept at 1.17.x, its last release) exposes no hook for this; the wrapped method is its own, reached by its
 * CommonJS path (the build Node loads for `import 'pdf-lib'`). `assertDecodeLimitInstalled` proves at start that
 * pdf-lib's decoders are the ones wrapped, so a change of its internals fails loudly instead of silently unbounding.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { decodePDFRawStream, PDFContext, PDFName, PDFRawStream } from 'pdf-lib';

/** The reading of a PDF asked for more decompressed bytes than its limit. */
export class DecodeLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`a PDF decompressed to more than ${limit} bytes`);
  }
}

type Budget = { left: number; exceeded: boolean };
type Decoder = { ensureBuffer(requested: number): Uint8Array };

const require = createRequire(import.meta.url);
const DecodeStream = (require('pdf-lib/cjs/core/streams/DecodeStream.js') as { default: (abstract new () => Decoder) & { prototype: Decoder } }).default;
const budgets = new AsyncLocalStorage<Budget>();
/** What each decoder has been counted for so far (its largest request). */
const counted = new WeakMap<object, number>();

const original = DecodeStream.prototype.ensureBuffer;
DecodeStream.prototype.ensureBuffer = function ensureBuffer(this: Decoder, requested: number): Uint8Array {
  const budget = budgets.getStore();
  if (budget) {
    const before = counted.get(this) ?? 0;
    if (requested > before) {
      counted.set(this, requested);
      budget.left -= requested - before;
      if (budget.left < 0) {
        budget.exceeded = true;
        throw new DecodeLimitExceeded(requested);
      }
    }
  }
  return original.call(this, requested);
};

/**
 * Runs `read` with at most `limit` decompressed bytes for all the streams it decodes. pdf-lib catches what its
 * parser throws (and tries to read on), so the limit is told by the budget itself: once it is passed, the reading
 * throws DecodeLimitExceeded whatever `read` made of the first throw.
 */
export async function withinDecodeLimit<T>(limit: number, read: () => Promise<T>): Promise<T> {
  const budget: Budget = { left: limit, exceeded: false };
  let outcome: { value: T } | { error: unknown };
  try {
    outcome = { value: await budgets.run(budget, read) };
  } catch (error) {
    outcome = { error };
  }
  if (budget.exceeded) throw new DecodeLimitExceeded(limit);
  if ('error' in outcome) throw outcome.error;
  return outcome.value;
}

/** Throws unless pdf-lib's own decoders go through the wrapped method (called once where PDFs are read). */
export function assertDecodeLimitInstalled(): void {
  const probe = decodePDFRawStream(PDFRawStream.of(PDFContext.create().obj({ Filter: PDFName.of('ASCIIHexDecode') }), new Uint8Array(0)));
  if (!(probe instanceof DecodeStream) || DecodeStream.prototype.ensureBuffer === original)
    throw new Error('pdf-lib decodes PDF streams without the decompression limit: its internals changed (server/services/pdf-decode-limit.ts)');
}

/**
 * The module of a file-examination thread (server/services/file-examination.ts): one file at a time, examined by
 * file-examination-core.ts; the stored bytes go back to the server without a copy.
 */
import { parentPort } from 'node:worker_threads';
import { examineHere, type Examination, type ExamineOptions } from './file-examination-core.ts';
import { assertDecodeLimitInstalled } from './pdf-decode-limit.ts';

export type ExaminationJob = { bytes: Uint8Array; options: ExamineOptions };

const port = parentPort!;
// Before any job: a PDF must never be read here without the decompression limit.
assertDecodeLimitInstalled();

/** The bytes in a buffer of their own, which can be handed over to the server's thread. */
const own = (bytes: Uint8Array) => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice());

port.on('message', ({ id, input }: { id: number; input: ExaminationJob }) => {
  examineHere(input.bytes, input.options).then(
    (examination: Examination) => {
      if (!examination.ok) return port.postMessage({ id, output: examination });
      const bytes = own(examination.bytes);
      port.postMessage({ id, output: { ...examination, bytes } }, [bytes.buffer as ArrayBuffer]);
    },
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
port.postMessage({ ready: true });

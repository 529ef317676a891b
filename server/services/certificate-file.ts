/**
 * A medical certificate as the server stores it (docs/decisions/202-certificate-files.md): a JPEG or PNG photo, or
 * a PDF, recognised by its first bytes whatever its name or declared type, at most 10 MB as sent; stored without
 * metadata (the photo as the personal file's images, decision 120; the PDF rewritten, pdf-sanitize.ts), with the
 * digest of what is stored so that the same file sent twice is recognised. The file is examined by the server's one
 * examination of files, off the event loop and within its limits (file-examination.ts, decision 220).
 */
import { CERTIFICATE_MAX_BYTES } from '#domain/absence.ts';
import { sha256Hex } from './crypto.ts';
import { examineFile, type FileProblem } from './file-examination.ts';

export type CertificateMediaType = 'image/jpeg' | 'image/png' | 'application/pdf';
export type StoredCertificate = { bytes: Uint8Array; mediaType: CertificateMediaType; sha256: string };

/**
 * Why a file cannot be the certificate: over 10 MB as sent, neither a photo nor a readable PDF, a photo cut off or
 * damaged, one of more pixels than a browser shows, or a file that takes more work to read than the limits allow.
 */
export type CertificateRefusal = 'tooLarge' | 'type' | 'damaged' | 'tooManyPixels' | 'tooComplex';

const REFUSALS: Record<FileProblem, CertificateRefusal> = {
  format: 'type',
  unreadable: 'type',
  damaged: 'damaged',
  tooManyPixels: 'tooManyPixels',
  tooComplex: 'tooComplex',
};

/**
 * The certificate to store, or why not. A photo passes the personal file's image check (server/services/image-check.ts:
 * the one sniffer, whole, at most 100 Mpx and `maxEdge` px on its long edge) before its metadata is stripped.
 */
export async function prepareCertificate(bytes: Uint8Array, maxEdge?: number): Promise<StoredCertificate | CertificateRefusal> {
  if (bytes.length > CERTIFICATE_MAX_BYTES) return 'tooLarge';
  const examined = await examineFile(bytes, { accept: ['jpeg', 'png', 'pdf'], ...(maxEdge ? { maxEdge } : {}) });
  if (!examined.ok) return REFUSALS[examined.problem];
  return { bytes: examined.bytes, mediaType: examined.mediaType, sha256: sha256Hex(examined.bytes) };
}

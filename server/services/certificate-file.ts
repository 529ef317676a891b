/**
 * A medical certificate as the server stores it (docs/decisions/202-certificate-files.md): a JPEG or PNG photo, or
 * a PDF, recognised by its first bytes whatever its name or declared type, at most 10 MB as sent; stored without
 * metadata (the photo as the personal file's images, decision 120; the PDF rewritten, pdf-sanitize.ts), with the
 * digest of what is stored so that the same file sent twice is recognised.
 */
import { CERTIFICATE_MAX_BYTES, isPdf } from '#domain/absence.ts';
import { sha256Hex } from './crypto.ts';
import { checkImage } from './image-check.ts';
import { stripImageMetadata } from './image-metadata.ts';
import { sanitizePdf } from './pdf-sanitize.ts';

export type CertificateMediaType = 'image/jpeg' | 'image/png' | 'application/pdf';
export type StoredCertificate = { bytes: Uint8Array; mediaType: CertificateMediaType; sha256: string };

const stored = (bytes: Uint8Array, mediaType: CertificateMediaType): StoredCertificate => ({ bytes, mediaType, sha256: sha256Hex(bytes) });

/** Why a file cannot be the certificate: over 10 MB as sent, neither a photo nor a readable PDF, a photo cut off or damaged, or one of more pixels than a browser shows. */
export type CertificateRefusal = 'tooLarge' | 'type' | 'damaged' | 'tooManyPixels';

/**
 * The certificate to store, or why not. A photo passes the personal file's image check (server/services/image-check.ts:
 * the one sniffer, whole, at most 100 Mpx and `maxEdge` px on its long edge) before its metadata is stripped.
 */
export async function prepareCertificate(bytes: Uint8Array, maxEdge?: number): Promise<StoredCertificate | CertificateRefusal> {
  if (bytes.length > CERTIFICATE_MAX_BYTES) return 'tooLarge';
  if (isPdf(bytes)) {
    const pdf = await sanitizePdf(bytes);
    return pdf ? stored(pdf, 'application/pdf') : 'type';
  }
  const image = checkImage(bytes, maxEdge);
  if (!image.ok) return image.problem === 'format' ? 'type' : image.problem === 'damaged' ? 'damaged' : 'tooManyPixels';
  return stored(stripImageMetadata(bytes), `image/${image.format}`);
}

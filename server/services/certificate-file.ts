/**
 * A medical certificate as the server stores it (docs/decisions/202-certificate-files.md): a JPEG or PNG photo, or
 * a PDF, recognised by its first bytes whatever its name or declared type, at most 10 MB as sent; stored without
 * metadata (the photo as the personal file's images, decision 120; the PDF rewritten, pdf-sanitize.ts), with the
 * digest of what is stored so that the same file sent twice is recognised.
 */
import { CERTIFICATE_MAX_BYTES, isPdf } from '../../src/domain/absence.ts';
import { sniffImage } from '../../src/domain/image-bytes.ts';
import { sha256Hex } from './crypto.ts';
import { stripImageMetadata } from './image-metadata.ts';
import { sanitizePdf } from './pdf-sanitize.ts';

export type CertificateMediaType = 'image/jpeg' | 'image/png' | 'application/pdf';
export type StoredCertificate = { bytes: Uint8Array; mediaType: CertificateMediaType; sha256: string };

const stored = (bytes: Uint8Array, mediaType: CertificateMediaType): StoredCertificate => ({ bytes, mediaType, sha256: sha256Hex(bytes) });

/** The certificate to store, or why not: `tooLarge` (over 10 MB as sent), `type` (not a JPEG, PNG or readable PDF). */
export async function prepareCertificate(bytes: Uint8Array): Promise<StoredCertificate | 'tooLarge' | 'type'> {
  if (bytes.length > CERTIFICATE_MAX_BYTES) return 'tooLarge';
  const image = sniffImage(bytes);
  if (image === 'jpeg') return stored(stripImageMetadata(bytes), 'image/jpeg');
  if (image === 'png') return stored(stripImageMetadata(bytes), 'image/png');
  if (!isPdf(bytes)) return 'type';
  const pdf = await sanitizePdf(bytes);
  return pdf ? stored(pdf, 'application/pdf') : 'type';
}

/**
 * The one place where a conversation's attachment goes through the certificate's checks
 * (server/services/certificate-file.ts, docs/decisions/202-certificate-files.md): a JPEG or PNG photo or a PDF,
 * recognised by its first bytes, at most 10 MB, re-encoded or rewritten without metadata, bombs refused, examined off
 * the event loop in the server's bounded pool (file-examination.ts, decision 220). Conversations call those checks
 * only through `prepareAttachment`.
 */
import { prepareCertificate, type CertificateRefusal, type StoredCertificate } from './certificate-file.ts';

export type StoredAttachment = StoredCertificate & { name: string };
export type AttachmentRefusal = CertificateRefusal;

/** A file name fit to show and to send back in Content-Disposition: its last part, plain characters, 120 at most. */
export function attachmentName(name: string, mediaType: StoredCertificate['mediaType']): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const plain = last
    .normalize('NFKD')
    .replace(/[^\w.\- ]+/g, '')
    .trim()
    .slice(0, 120);
  const extension = mediaType === 'application/pdf' ? '.pdf' : mediaType === 'image/png' ? '.png' : '.jpg';
  if (plain === '' || plain.startsWith('.')) return `attachment${extension}`;
  return plain;
}

/** The attachment as it will be stored, or why it is refused. */
export async function prepareAttachment(bytes: Uint8Array, name: string, maxEdge?: number): Promise<StoredAttachment | AttachmentRefusal> {
  const prepared = await prepareCertificate(bytes, maxEdge);
  if (typeof prepared === 'string') return prepared;
  return { ...prepared, name: attachmentName(name, prepared.mediaType) };
}

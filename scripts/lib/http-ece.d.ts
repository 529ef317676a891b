/** The part of http_ece (RFC 8188 content encoding, the library web-push encrypts with) the test push service uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
}

/**
 * The module of the push-encryption thread (push-encryption.ts): web-push encrypts each message for its device and
 * lays out its headers (docs/decisions/250-push-library.md), a round's messages a job; the bodies go back to the
 * server's thread without a copy.
 */
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

/** One message: the device's address and keys, the words as JSON, and the headers web-push adds (VAPID signed once). */
export type EncryptionInput = {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  authorization: string;
  ttlSeconds: number;
  urgency: 'high' | 'normal';
  topic: string;
};
/** The request to make of the push service, or why this one message could not be made (a device's broken key). */
export type EncryptionOutput = { headers: Record<string, string | number>; body: Uint8Array } | { error: string };

const port = parentPort!;

function encrypt(input: EncryptionInput): EncryptionOutput {
  try {
    const details = webpush.generateRequestDetails({ endpoint: input.endpoint, keys: { p256dh: input.p256dh, auth: input.auth } }, input.payload, {
      vapidDetails: undefined,
      headers: { Authorization: input.authorization },
      TTL: input.ttlSeconds,
      urgency: input.urgency,
      topic: input.topic,
      contentEncoding: 'aes128gcm',
    });
    const body = details.body ?? Buffer.alloc(0);
    // A body in a buffer of its own (web-push's may share Node's pool), which can be handed over without a copy.
    const own = new Uint8Array(body.byteLength);
    own.set(body);
    return { headers: details.headers as Record<string, string | number>, body: own };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', ({ id, input }: { id: number; input: EncryptionInput[] }) => {
  const output = input.map(encrypt);
  port.postMessage(
    { id, output },
    output.flatMap((o) => ('body' in o ? [o.body.buffer as ArrayBuffer] : [])),
  );
});
port.postMessage({ ready: true });

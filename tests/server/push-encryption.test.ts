/**
 * The push-encryption thread (server/services/push-encryption.ts): a round's messages encrypted by web-push in a
 * worker thread, in order; one device's broken key is that message's error, not the round's.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPushes, type EncryptionInput } from '../../server/services/push-encryption.ts';

const device = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};
const input = (keys: { p256dh: string; auth: string }, n: number): EncryptionInput => ({
  endpoint: `https://push.example.test/send/${n}`,
  ...keys,
  payload: JSON.stringify({ n }),
  authorization: 'vapid t=test, k=test',
  ttlSeconds: 60,
  urgency: n === 0 ? 'high' : 'normal',
  topic: `topic${n}`,
});

describe('push encryption off the event loop', () => {
  it('encrypts each message for its device, with the headers asked, in order; a broken key fails that message alone', async () => {
    const out = await encryptPushes([input(device(), 0), input({ p256dh: 'not-a-key', auth: 'x' }, 1), input(device(), 2)]);
    expect(out).toHaveLength(3);
    const [first, broken, third] = out;
    expect(broken).toEqual({ error: expect.any(String) });
    for (const [message, urgency, topic] of [
      [first, 'high', 'topic0'],
      [third, 'normal', 'topic2'],
    ] as const) {
      if (!message || 'error' in message) throw new Error('not encrypted');
      expect(message.headers).toMatchObject({
        TTL: 60,
        Urgency: urgency,
        Topic: topic,
        Authorization: 'vapid t=test, k=test',
        'Content-Encoding': 'aes128gcm',
      });
      // aes128gcm: a 86-byte header (salt, record size, key) then the sealed record, longer than the words.
      expect(message.body.byteLength).toBeGreaterThan(86 + JSON.stringify({ n: 0 }).length);
    }
  });

  it('nothing to encrypt starts no thread and answers nothing', async () => {
    expect(await encryptPushes([])).toEqual([]);
  });
});

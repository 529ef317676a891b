/**
 * The test push service of the push fan-out bench (push-fanout.ts) in a process of its own, so that decrypting a
 * thousand pushes never slows the bench's own clock or its load loops. Talks over IPC: `devices` makes
 * subscriptions, `count` says how many pushes arrived, `receipts` gives them (times in epoch milliseconds).
 */
import { startPushReceiver } from '../lib/push-receiver.ts';

type Ask = { type: 'devices'; count: number } | { type: 'count' } | { type: 'receipts' };

const receiver = await startPushReceiver();
const epoch = (at: number) => performance.timeOrigin + at;
process.on('message', (ask: Ask) => {
  if (ask.type === 'devices') process.send!({ type: 'devices', devices: Array.from({ length: ask.count }, () => receiver.device()) });
  else if (ask.type === 'count') process.send!({ type: 'count', count: receiver.receipts.length, refused: receiver.refusals.length });
  else process.send!({ type: 'receipts', receipts: receiver.receipts.map((r) => ({ device: r.device, at: epoch(r.at), kind: r.payload.kind })) });
});
process.on('disconnect', () => void receiver.close().then(() => process.exit(0)));
process.send!({ type: 'ready', origin: receiver.origin });

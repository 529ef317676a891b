/** The signing machine's input: a valid signature (§4: pending review or validated), and an approved one. */
import { effectiveInfo, hasValidSignature, type SessionSnapshot } from '../../machines/session.selectors.ts';
import type { SigningInput } from '../../machines/signing.machine.ts';

export const signingInput = (s: SessionSnapshot): SigningInput => ({
  hasValidSignature: hasValidSignature(s),
  signatureApproved: effectiveInfo(s).signatureStatus === 'validated',
});

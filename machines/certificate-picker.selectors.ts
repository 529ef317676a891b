/** What the certificate picker's view reads from its snapshot (views never re-derive these rules). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ChosenCertificate, certificatePickerMachine } from './certificate-picker.machine.ts';

/** The picker's actor: invoked by the report or the receipt, read by the picker's view (which sends to its parent). */
export type CertificatePickerActor = ActorRefFrom<typeof certificatePickerMachine>;
export type CertificatePickerSnapshot = SnapshotFrom<typeof certificatePickerMachine>;

export type PickerState = 'empty' | 'preparing' | 'chosen' | 'refused';
export function pickerState(s: CertificatePickerSnapshot): PickerState {
  for (const state of ['preparing', 'chosen', 'refused'] as const) if (s.matches(state)) return state;
  return 'empty';
}
/** The prepared certificate, shown with its name and size (a photo previewed). */
export const pickedCertificate = (s: CertificatePickerSnapshot): ChosenCertificate | null => s.context.certificate;
/** Why the chosen file was refused (a message key), while the picker says so. */
export const pickerRefusal = (s: CertificatePickerSnapshot): string | null => (s.matches('refused') ? s.context.refusal : null);

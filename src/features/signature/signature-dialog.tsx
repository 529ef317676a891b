/**
 * The large drawing dialog (spec §2): the pad (loaded lazily, with perfect-freehand, only once the dialog
 * opens), then Cancel, Clear and Save. Open while the machine says so (tag dialogOpen); Save sends the pad's
 * PNG data URL, the machine refuses anything else; a failed save keeps the drawing and says so.
 */
import { Component, lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { isDialogOpen, isSaving, saveFailed, type SignatureActor } from '../../../machines/signature.selectors.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { PadHandle } from './pad-handle.ts';
import * as s from './signature.css.ts';

const SignaturePad = lazy(() => import('./signature-pad.tsx'));

/** If the pad's chunk cannot be fetched (offline), say so instead of breaking the page. */
class PadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p role="alert">{m.signature_padLoadFailed()}</p> : this.props.children;
  }
}

type Props = { actor: SignatureActor; username: string };

/** Mounted only while open: every opening starts with an empty pad and fresh buttons. */
export function SignatureDialog(props: Props) {
  const open = useSelector(props.actor, isDialogOpen);
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ actor, username }: Props) {
  const saving = useSelector(actor, isSaving);
  const failed = useSelector(actor, saveFailed);
  const pad = useRef<PadHandle>(null);
  const [empty, setEmpty] = useState(true);

  const cancel = () => {
    if (!saving) actor.send({ type: 'signature.cancel' });
  };
  const save = () => {
    const dataUrl = pad.current?.toDataURL();
    if (dataUrl) actor.send({ type: 'signature.save', dataUrl });
  };

  return (
    <Dialog
      open
      size="large"
      onOpenChange={(next) => (next ? undefined : cancel())}
      // The pad focuses its first choice once loaded; until then the dialog itself holds the focus.
      initialFocus="dialog"
      title={m.signature_dialogTitle()}
      description={m.signature_dialogDescription()}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={saving}>
            {m.signature_cancel()}
          </Button>
          <Button variant="secondary" onClick={() => pad.current?.clear()} disabled={saving || empty}>
            {m.signature_clear()}
          </Button>
          <Button onClick={save} loading={saving} disabled={empty && !saving} aria-describedby={empty ? 'signature-save-hint' : undefined}>
            {m.signature_save()}
          </Button>
        </>
      }
    >
      <PadBoundary>
        <Suspense fallback={<p className={s.padLoading}>{m.signature_padLoading()}</p>}>
          <SignaturePad ref={pad} onEmptyChange={setEmpty} defaultName={username} disabled={saving} />
        </Suspense>
      </PadBoundary>
      {empty ? (
        <p id="signature-save-hint" className={s.saveHint}>
          {m.signature_emptyHint()}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className={s.error}>
          {m.signature_saveFailed()}
        </p>
      ) : null}
    </Dialog>
  );
}

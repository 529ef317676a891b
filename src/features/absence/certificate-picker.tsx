/**
 * Choosing the medical certificate: one real button opens the browser's own file chooser (on a phone: the camera
 * or the gallery or the files; no `capture`, which would hide the gallery, decision 121), a photo is prepared like the
 * personal file's images (decision 120) and previewed, a PDF is named with its size. The state is read out in a
 * polite live region; a refused file says why. Used in the flow and on the receipt (the certificate that follows):
 * it reads the picker's actor (machines/certificate-picker.machine.ts) and sends the worker's choices to the
 * machine that runs it, which passes them on while it may.
 */
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { pickedCertificate, pickerRefusal, pickerState, type CertificatePickerActor } from '../../../machines/certificate-picker.selectors.ts';
import { CERTIFICATE_PDF_TYPE } from '#domain/absence.ts';
import { UPLOAD_ACCEPT } from '#domain/constants.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { visuallyHidden } from '../../ui/visually-hidden.css.ts';
import * as s from './absence.css.ts';
import { fileSize, refusalText } from './texts.ts';

const ACCEPT = `${UPLOAD_ACCEPT},${CERTIFICATE_PDF_TYPE},.pdf`;

/** The prepared photo, shown through an object URL that lives as long as the image element shows that file. */
function Preview({ file }: { file: Blob }) {
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!img.current || typeof URL.createObjectURL !== 'function') return undefined;
    const url = URL.createObjectURL(file);
    img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={img} className={s.preview} alt={m.absence_certificatePreview()} />;
}

export type CertificatePickerProps = {
  picker: CertificatePickerActor;
  /** The machine that runs the picker: it takes the worker's choices (`absence.chooseFile`, `absence.removeFile`). */
  send: (event: { type: 'absence.chooseFile'; file: Blob } | { type: 'absence.removeFile' }) => void;
  /** The certificate is being sent: nothing to change meanwhile. */
  locked?: boolean;
  id: string;
};

export function CertificatePicker({ picker, send, locked = false, id }: CertificatePickerProps) {
  const locale = useLocale();
  const state = useSelector(picker, pickerState);
  const certificate = useSelector(picker, pickedCertificate);
  const refused = useSelector(picker, pickerRefusal);
  const input = useRef<HTMLInputElement>(null);
  const busy = state === 'preparing' || locked;
  const ids = { hint: `${id}-hint`, error: `${id}-error` };
  return (
    <div className={s.panel}>
      <p id={ids.hint} className={s.muted}>
        {m.absence_certificateHint()}
      </p>
      <div aria-live="polite">
        {state === 'preparing' ? <p className={s.muted}>{m.absence_certificatePreparing()}</p> : null}
        {certificate ? <p>{m.absence_certificateReady({ name: certificate.name, size: fileSize(certificate.size, locale) })}</p> : null}
        {refused ? (
          <p id={ids.error} className={s.error}>
            {m.absence_certificateRefused({ reason: refusalText(refused) })}
          </p>
        ) : null}
      </div>
      {certificate?.kind === 'image' ? <Preview file={certificate.file} /> : null}
      <div className={s.actions}>
        <Button
          id={id}
          variant="secondary"
          disabled={busy}
          aria-describedby={[ids.hint, refused ? ids.error : null].filter(Boolean).join(' ')}
          aria-invalid={refused ? true : undefined}
          onClick={() => input.current?.click()}
        >
          {certificate ? m.absence_certificateReplace() : m.absence_certificateChoose()}
        </Button>
        {(certificate || refused) && !busy ? (
          <Button variant="quiet" onClick={() => send({ type: 'absence.removeFile' })}>
            {m.absence_certificateRemove()}
          </Button>
        ) : null}
      </div>
      {/* Never shown nor focused: the button above opens it. */}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className={visuallyHidden}
        tabIndex={-1}
        aria-hidden="true"
        disabled={busy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared at once: the machine holds the choice, and the same file can be chosen again.
          event.currentTarget.value = '';
          if (file) send({ type: 'absence.chooseFile', file });
        }}
      />
    </div>
  );
}

/**
 * A button that downloads a file (spec §7 downloads). While the file comes it shows its progress (the Button's
 * spinner and "please wait", `aria-busy`) and ignores further clicks. A failure has already been told by the API
 * client (spec §8: a warning toast with the server's message); `onFailure` lets the screen say more in place.
 */
import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button.tsx';

export type DownloadButtonProps = {
  /** Resolves once the file is saved; rejects with the API error (already toasted). */
  download: () => Promise<unknown>;
  children: ReactNode;
  variant?: ButtonVariant;
  onStart?: () => void;
  onFailure?: (error: unknown) => void;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
};

export function DownloadButton({ download, children, variant = 'secondary', onStart, onFailure, ...rest }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    onStart?.();
    try {
      await download();
    } catch (error) {
      onFailure?.(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...rest} variant={variant} loading={busy} aria-busy={busy || undefined} onClick={() => void run()}>
      {children}
    </Button>
  );
}

/** What the dialog asks of the lazily loaded pad (a type only: importing it loads nothing). */
export type PadHandle = {
  /** The PNG data URL of the signature on the pad, or null when it is empty. */
  toDataURL: () => string | null;
  clear: () => void;
};

export type PadMode = 'draw' | 'type';

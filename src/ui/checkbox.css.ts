import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';

export const row = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: vars.space.sm, alignItems: 'start', marginBottom: vars.space.md });
export const rowInvalid = style({ borderLeft: `4px solid ${vars.color.dangerAccent}`, paddingLeft: vars.space.sm });

/** Holds the drawn box and its tick on top of each other; the tick never takes the pointer from the input. */
export const frame = style({ position: 'relative', display: 'inline-grid', width: '2rem', height: '2rem', flex: 'none' });

/** The native input, its own look removed (`appearance: none`) and drawn as a 2rem box: a big touch target. */
export const box = style({
  appearance: 'none',
  gridArea: '1 / 1',
  width: '2rem',
  height: '2rem',
  margin: 0,
  border: `2px solid ${vars.color.text}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  cursor: 'pointer',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.dangerAccent },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

/**
 * A tick drawn with borders (no icon font, no SVG file), shown when the input just before it is checked. Forced
 * colours (Windows high contrast) repaint borders in the system's text colour, so box and tick stay visible there.
 */
export const tick = style({
  gridArea: '1 / 1',
  placeSelf: 'center',
  display: 'none',
  width: '0.6rem',
  height: '1.1rem',
  marginTop: '-0.2rem',
  borderRight: `4px solid ${vars.color.text}`,
  borderBottom: `4px solid ${vars.color.text}`,
  transform: 'rotate(45deg)',
  pointerEvents: 'none',
  selectors: {
    [`${box}:checked + &`]: { display: 'block' },
    [`${box}:disabled + &`]: { opacity: 0.6 },
  },
});

export const text = style({ gridColumn: 2, paddingTop: '0.2rem' });
export const label = style({ cursor: 'pointer' });

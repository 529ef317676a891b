import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css.ts';
import { tokens } from '../styles/tokens.ts';

export const row = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: vars.space.sm, alignItems: 'start', marginBottom: vars.space.md });
export const rowInvalid = style({ borderLeft: `4px solid ${vars.color.dangerAccent}`, paddingLeft: vars.space.sm });

/** The tick, drawn in the text colour; `data:` images are allowed by the CSP's img-src (server/security-headers.ts). */
const tick = `url("data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'><path d='M4 10.5l4 4 8-9' fill='none' stroke='${tokens.color.text}' stroke-width='3.2' stroke-linecap='round' stroke-linejoin='round'/></svg>`,
)}")`;

/**
 * The native input, its own look removed (`appearance: none`) and drawn as a 2rem box, a big touch target, with its
 * tick as a background image shown when checked: one element per checkbox, so a month of 93 builds quickly (decision 091).
 * In forced colours (Windows high contrast) the browser's own checkbox comes back, drawn in the system's colours.
 */
export const box = style({
  appearance: 'none',
  flex: 'none',
  width: '2rem',
  height: '2rem',
  margin: 0,
  border: `2px solid ${vars.color.text}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.background,
  backgroundPosition: 'center',
  backgroundRepeat: 'no-repeat',
  // The tick is there unchecked too, at no size: the browser reads its SVG (a document of its own, 10-20 ms at 4× CPU)
  // when the box is first styled, with the page, not inside the tap that first checks a box (decision 223).
  backgroundImage: tick,
  backgroundSize: 0,
  verticalAlign: 'middle',
  cursor: 'pointer',
  selectors: {
    '&:checked': { backgroundSize: '1.5rem' },
    '&[aria-invalid="true"]': { borderColor: vars.color.dangerAccent },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
  '@media': {
    '(forced-colors: active)': { appearance: 'auto', backgroundImage: 'none' },
  },
});

export const text = style({ gridColumn: 2, paddingTop: '0.2rem' });
export const label = style({ cursor: 'pointer' });

import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css.ts';

export const caption = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.xs}`, fontSize: vars.font.size.md });

export const steps = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, listStyle: 'none', padding: 0, margin: `0 0 ${vars.space.lg}` });
export const stepItem = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.borderSubtle}`,
  color: vars.color.textMuted,
  fontSize: vars.font.size.sm,
});
export const stepListed = style({ display: 'flex' });
/** A step the worker can go to: a button that looks like the list item, underlined like a link. */
export const stepLink = style({
  font: 'inherit',
  background: 'none',
  cursor: 'pointer',
  minHeight: '44px',
  color: vars.color.primary,
  textDecoration: 'underline',
  borderColor: vars.color.primary,
  selectors: { '&:disabled': { cursor: 'default', opacity: 0.6 } },
});
export const stepCurrent = style({ borderColor: vars.color.primary, color: vars.color.text, fontWeight: vars.font.weight.bold, borderWidth: '2px' });

export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.lg}`, minWidth: 0 });
export const legend = style({ fontSize: vars.font.size.lg, fontWeight: vars.font.weight.bold, marginBottom: vars.space.sm, padding: 0 });
export const groupHint = style({ color: vars.color.textMuted, fontSize: vars.font.size.sm, margin: `0 0 ${vars.space.sm}` });
export const row = style({ display: 'grid', gap: `0 ${vars.space.md}`, gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginTop: vars.space.lg, alignItems: 'center' });

export const alert = style({
  borderLeft: `6px solid ${vars.color.dangerAccent}`,
  background: vars.color.dangerBackground,
  color: vars.color.dangerText,
  padding: vars.space.md,
  marginBottom: vars.space.lg,
});
export const alertText = style({ margin: `0 0 ${vars.space.xs}`, fontWeight: vars.font.weight.bold });
export const alertList = style({ margin: `0 0 ${vars.space.sm}`, paddingLeft: vars.space.lg });

export const choices = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const choice = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: vars.size.minTarget });
export const choiceInput = style({ width: '1.5rem', height: '1.5rem', margin: 0, flex: 'none' });

export const image = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, marginBottom: vars.space.lg, minWidth: 0 });
export const preview = style({
  maxWidth: '12rem',
  maxHeight: '9rem',
  objectFit: 'contain',
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.sm,
});
export const progress = style({ width: '100%', maxWidth: '20rem', height: '1rem' });
export const status = style({ margin: 0, fontSize: vars.font.size.sm });

/** The image picker: a card with the thumbnail beside its state and actions; they stack below 20rem (320 px). */
export const picker = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  maxWidth: '32rem',
  padding: vars.space.sm,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const thumb = style({
  flex: 'none',
  width: '6rem',
  height: '4.5rem',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  overflow: 'hidden',
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
});
export const thumbImage = style({ width: '100%', height: '100%', objectFit: 'contain', display: 'block' });
/** An empty frame: a camera drawn with borders, no image file (CSP img-src) and nothing read aloud. */
export const thumbEmpty = style({
  position: 'relative',
  width: '2rem',
  height: '1.4rem',
  border: `2px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.sm,
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      inset: '0.2rem 0.55rem',
      border: `2px solid ${vars.color.textMuted}`,
      borderRadius: vars.radius.round,
    },
  },
});
export const pickerBody = style({ flex: '1 1 11rem', minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const fileName = style({ fontWeight: vars.font.weight.bold, overflowWrap: 'anywhere' });
export const pickerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });

export const reviewSection = style({ marginBottom: vars.space.xl });
export const reviewHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.sm, flexWrap: 'wrap' });
export const reviewTitle = style({ fontSize: vars.font.size.lg, margin: 0 });
export const reviewList = style({ margin: `${vars.space.sm} 0 0`, borderTop: `1px solid ${vars.color.borderSubtle}` });
export const reviewRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 2fr) 3fr',
  gap: vars.space.sm,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
});
export const reviewKey = style({ fontWeight: vars.font.weight.bold, margin: 0 });
export const reviewValue = style({ margin: 0 });
export const muted = style({ color: vars.color.textMuted });

/** The confirmation of a removal, inside the image's card. */
export const removal = style({
  marginTop: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.sm,
});

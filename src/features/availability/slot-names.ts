/** The words of the three slots of spec §9 (morning, afternoon, evening), in the interface language. */
import type { Slot } from '../../../machines/availability.types.ts';
import { m } from '../../paraglide/messages.js';

const names: Record<Slot, () => string> = {
  morning: m.availability_slotMorning,
  afternoon: m.availability_slotAfternoon,
  evening: m.availability_slotEvening,
};
const shorts: Record<Slot, () => string> = {
  morning: m.availability_slotMorningShort,
  afternoon: m.availability_slotAfternoonShort,
  evening: m.availability_slotEveningShort,
};

export const slotName = (slot: Slot): string => names[slot]();
/** One letter, drawn in the grid's cells (the legend says what it stands for). */
export const slotShort = (slot: Slot): string => shorts[slot]();

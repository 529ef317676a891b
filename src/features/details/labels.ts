/**
 * The wizard's words by message key (the steps' descriptions name their labels, hints and choices by key: they are
 * pure data the server reads too). Only the `details_*` messages are gathered (paraglide's message-modules output,
 * one module per message), so the steps' chunks carry the wizard's words and no other page's.
 */
import type { DetailsMessage, OptionLabel, Options } from '#domain/details-fields.ts';
import type { SelectOption } from '../../ui/field.tsx';
import { getLocale } from '../../paraglide/runtime.js';

type Message = (inputs?: Record<string, string>) => string;
const modules = import.meta.glob<Record<string, Message>>('../../paraglide/messages/details_*.js', { eager: true });
// The type checker has already matched every DetailsMessage to a compiled message (details-fields.ts).
const MESSAGES = Object.assign({}, ...Object.values(modules)) as Record<DetailsMessage, Message>;

/** A message of the wizard in the interface language. */
export const say = (key: DetailsMessage, params?: Record<string, string>): string => MESSAGES[key](params);
const sayOption = (label: OptionLabel): string => (typeof label === 'string' ? say(label) : say(label.message, label.params));

let names: { locale: string; display: Intl.DisplayNames } | undefined;
/** A country's name in the interface language (the code itself if the browser does not know it). */
export function countryName(code: string): string {
  const locale = getLocale();
  if (names?.locale !== locale) names = { locale, display: new Intl.DisplayNames([locale], { type: 'region' }) };
  return names.display.of(code) ?? code;
}

/** The words of one choice; the value itself if the list does not name it. */
export function optionLabel(options: Options, value: string): string {
  if (options.labels === 'value') return value;
  if (options.labels === 'country') return countryName(value);
  const label = options.labels[value];
  return label === undefined ? value : sayOption(label);
}

// Built once per list and language: the lists are read on every render of a step (the birth countries are 249, sorted).
const built = new WeakMap<Options, { locale: string; options: SelectOption[] }>();
/** The choices of a select or of checkboxes, in the interface language. */
export function optionsOf(options: Options): SelectOption[] {
  const locale = getLocale();
  const cached = built.get(options);
  if (cached?.locale === locale) return cached.options;
  const list = options.values.map((value) => ({ value, label: optionLabel(options, value) }));
  if (options.sorted) {
    const collator = new Intl.Collator(locale);
    list.sort((a, b) => collator.compare(a.label, b.label));
  }
  built.set(options, { locale, options: list });
  return list;
}

/**
 * The words the wizard's steps are described with (docs/decisions/175-details-fields-described-once.md): each
 * field of a step says once what it is (its path in the form, the body and the file; its kind; its choices; the
 * message of its label; when it is shown; its rule), and the form, the review, the submission and the server's
 * view of the file are all read from that. A step's description is a file of domain/details-steps/.
 *
 * Pure data and pure functions: the server reads the same descriptions (no paraglide at run time: labels are
 * message keys, checked against the compiled messages by the type checker only).
 */
import type * as v from 'valibot';
import type messages from '../messages/fr.json';
import { ADDRESS_COUNTRIES } from './enums.ts';

/** A message of the wizard (its label, hint, choice…), by key: `details_legal_iban`. */
export type DetailsMessage = Extract<keyof typeof messages, `details_${string}`>;
/** A choice's words: a message, or a message with parameters (`Catégorie {category}`). */
export type OptionLabel = DetailsMessage | { message: DetailsMessage; params: Record<string, string> };

/** What a form field holds: text, a list of choices, or the parts of a compound field (address, levels). */
export type FormValue = string | string[] | { [part: string]: string };
export type StepInput = Record<string, FormValue>;
/** Where a form field sits: its name, and the part of a compound field. */
export type FieldPath = readonly [string] | readonly [string, string];

/** What a step's rules depend on besides its own fields. */
export type DetailsContext = {
  /** A new account chooses its statute and types its registry number; an existing one cannot change them. */
  newAccount: boolean;
  /** Today as YYYY-MM-DD (passed in, so that tests and the server decide what "today" is). */
  today: string;
};
/** What decides whether a field is shown besides its own step: the account, and the gender chosen on step 2. */
export type About = { newAccount: boolean; gender: string };

export type Rule = v.GenericSchema<FormValue | undefined, unknown>;
/** A rule, or a rule built from the context (dates against today). */
export type RuleOf = Rule | ((ctx: DetailsContext) => Rule);

/** The choices of a select or of checkboxes, and how each one reads. */
export type Options = {
  values: readonly string[];
  /** Messages per value; `value`: the value itself (sizes, counts); `country`: the browser's name of the country. */
  labels: Readonly<Record<string, OptionLabel>> | 'value' | 'country';
  /** Sorted by name in the interface language (a long list of countries). */
  sorted?: boolean;
};

/** Choices named by messages, in the order of `labels`. */
export const labelled = (labels: Readonly<Record<string, OptionLabel>>): Options => ({ values: Object.keys(labels), labels });

/** When a field is shown: always, when another field of its step has a value, or for a gender chosen on step 2. */
export type Condition = { field: string; equals: string } | { gender: string };

type Common = {
  name: string;
  label: DetailsMessage;
  hint?: DetailsMessage;
  /** Says "(optional)" beside the label. */
  optional?: boolean;
  /**
   * Not always shown. A hidden field is not reviewed, and it is sent empty (a stale answer goes), its rule still
   * applies to what it holds; `whenShown` is what it must also meet while shown (the spouse of a married worker).
   */
  shown?: Condition;
  whenShown?: Rule;
  /**
   * An existing account cannot change it: it is neither checked nor sent, and the server keeps the one on file.
   * `hidden`: not shown either (the statute); `locked`: shown, disabled, with the value on file and this hint.
   */
  newAccountOnly?: { hidden: true } | { locked: DetailsMessage };
  /** The field sits at the top of the body and of the file, not in its step's group (the language levels). */
  topLevel?: true;
};

/** How the file (GET /user/me/details) holds a simple value: text, or a number; null when empty unless `fallback`. */
export type Stored = 'text' | 'number';
type TextLike = {
  rule: RuleOf;
  stored?: Stored;
  /** The value of an empty file (spec §3 defaults), shown and sent as any other. */
  fallback?: string;
};
export type TextInputHints = {
  type?: 'tel' | 'email';
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal';
  spellCheck?: false;
};

export type TextField = Common &
  TextLike & {
    kind: 'text';
    input?: TextInputHints;
    /** Reformats the text when the field is left (IBAN in groups of four). */
    format?: (text: string) => string;
    /** How the review shows it. */
    shownAs?: (text: string) => string;
  };
export type DateField = Common & TextLike & { kind: 'date'; autoComplete?: string };
/** A decimal number as a Belgian worker writes it ("39,5"); sent with a point (docs/decisions/122-decimal-numbers.md). */
export type DecimalField = Common & TextLike & { kind: 'decimal' };
export type SelectField = Common &
  TextLike & {
    kind: 'select';
    options: Options;
    /** The words of the empty choice ("Choose…" unless given). */
    placeholder?: DetailsMessage;
  };
/** Several choices at once (checkboxes); the file holds a list. */
export type ChoicesField = Common & { kind: 'choices'; options: Options; rule: RuleOf };
/**
 * An address: street, number, zip, city and country, in a group whose legend is the label. All four parts when
 * `required` or once one is filled; a Belgian postcode has 4 digits (details-rules.ts).
 */
export type AddressField = Common & { kind: 'address'; required: boolean; autoCompleteSection?: string };
/** One choice per part (the nine language levels), in a group whose legend is the label. */
export type LevelsField = Common & {
  kind: 'levels';
  parts: readonly string[];
  partLabels: Readonly<Record<string, DetailsMessage>>;
  options: Options;
  partRule: v.GenericSchema<string, unknown>;
};

export type Field = TextField | DateField | DecimalField | SelectField | ChoicesField | AddressField | LevelsField;
export type SimpleField = TextField | DateField | DecimalField | SelectField;

/** How a step lays its fields out: side by side, in a group with a legend, and where its images go. */
export type Block =
  | Field
  | { kind: 'row'; blocks: readonly Block[] }
  | { kind: 'group'; legend: DetailsMessage; hint?: DetailsMessage; blocks: readonly Block[] }
  | { kind: 'images' };

export type StepDescription = {
  index: 1 | 2 | 3;
  /** The step's name (the wizard's values, the stored file). */
  name: 'contactInfo' | 'legal' | 'generalInfo';
  /** Where its fields sit in the body (`legalInformation[iban]`) and in GET details; null: at the top. */
  group: 'legalInformation' | 'generalInformation' | null;
  blocks: readonly Block[];
  /** A rule across fields, run once every field meets its own (the registry number against the birth date). */
  check?: (values: Record<string, unknown>, ctx: DetailsContext) => Array<{ field: string; message: string }>;
};

/**
 * Field constructors whose names are keys of `G`, the step's group in the contract (openapi.yaml): a field renamed
 * in the contract, or misspelled here, does not compile.
 */
export function fieldsOf<G>() {
  type Name = keyof G & string;
  type Spec<F extends Field> = Omit<F, 'kind' | 'name'>;
  return {
    text: (name: Name, spec: Spec<TextField>): TextField => ({ kind: 'text', name, ...spec }),
    date: (name: Name, spec: Spec<DateField>): DateField => ({ kind: 'date', name, ...spec }),
    decimal: (name: Name, spec: Spec<DecimalField>): DecimalField => ({ kind: 'decimal', name, ...spec }),
    select: (name: Name, spec: Spec<SelectField>): SelectField => ({ kind: 'select', name, ...spec }),
    choices: (name: Name, spec: Spec<ChoicesField>): ChoicesField => ({ kind: 'choices', name, ...spec }),
    address: (name: Name, spec: Spec<AddressField>): AddressField => ({ kind: 'address', name, ...spec }),
    levels: (name: Name, spec: Spec<LevelsField>): LevelsField => ({ kind: 'levels', name, ...spec }),
  };
}
export const row = (...blocks: Block[]): Block => ({ kind: 'row', blocks });
export const group = (legend: DetailsMessage, blocks: Block[], hint?: DetailsMessage): Block => ({ kind: 'group', legend, blocks, ...(hint ? { hint } : {}) });
/** Where the step's images (domain/details-images.ts STEP_IMAGES) are shown. */
export const images: Block = { kind: 'images' };

/** The fields of a step, in the order they are shown. */
export function fieldsOfStep(step: Pick<StepDescription, 'blocks'>): Field[] {
  const out: Field[] = [];
  const visit = (block: Block) => {
    if (block.kind === 'row' || block.kind === 'group') block.blocks.forEach(visit);
    else if (block.kind !== 'images') out.push(block);
  };
  step.blocks.forEach(visit);
  return out;
}

export const ruleOf = (rule: RuleOf, ctx: DetailsContext): Rule => (typeof rule === 'function' ? rule(ctx) : rule);

/** Whether a field is shown, given what its step holds (form text or parsed values) and the account. */
export function isShown(field: Field, values: Readonly<Record<string, unknown>>, about: About): boolean {
  if (field.newAccountOnly && 'hidden' in field.newAccountOnly && !about.newAccount) return false;
  const when = field.shown;
  if (!when) return true;
  return 'gender' in when ? about.gender === when.gender : String(values[when.field] ?? '') === when.equals;
}

/** An existing account's value cannot change here (not checked, not sent; the server keeps the one on file). */
export const isFixed = (field: Field, newAccount: boolean) => field.newAccountOnly !== undefined && !newAccount;

/** The countries of an address (spec §3: BE, FR, LU), named by the browser. */
export const ADDRESS_COUNTRY_OPTIONS: Options = { values: ADDRESS_COUNTRIES, labels: 'country' };
/** The labels of an address's parts (the same for every address). */
export const ADDRESS_PARTS = ['street', 'number', 'zip', 'city', 'country'] as const;
export const ADDRESS_PART_LABEL: Readonly<Record<(typeof ADDRESS_PARTS)[number], DetailsMessage>> = {
  street: 'details_address_street',
  number: 'details_address_number',
  zip: 'details_address_zip',
  city: 'details_address_city',
  country: 'details_address_country',
};

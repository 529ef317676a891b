/**
 * A step's fields drawn from its description (domain/details-steps/): each block as its kind says (a text, a
 * date, a select, a decimal, checkboxes, an address, language levels; side by side in a row; in a group with a
 * legend; the step's images), a field only while it is shown.
 */
import { TextField } from '../../ui/field.tsx';
import {
  ADDRESS_COUNTRY_OPTIONS,
  ADDRESS_PART_LABEL,
  isShown,
  type About,
  type AddressField,
  type Block,
  type Field,
  type LevelsField,
  type StepDescription,
} from '#domain/details-fields.ts';
import { STEP_IMAGES } from '#domain/details-images.ts';
import { onFileText } from '#domain/details-values.ts';
import { CheckboxGroup, DateInput, DecimalInput, Group, SelectInput, TextInput } from './fields.tsx';
import { optionsOf, say } from './labels.ts';
import { StepImages } from './step-images.tsx';
import type { StepContext } from './step-frame.tsx';
import { fieldId } from './texts.ts';
import * as s from './details.css.ts';

type Where = { step: StepDescription; ctx: StepContext; about: About; values: Readonly<Record<string, unknown>> };

/** Whether a block shows anything: a row or a group of hidden fields is not drawn at all. */
function showsSomething(block: Block, where: Where): boolean {
  if (block.kind === 'images') return STEP_IMAGES[where.step.index].length > 0;
  if (block.kind === 'row' || block.kind === 'group') return block.blocks.some((inner) => showsSomething(inner, where));
  return isShown(block, where.values, where.about);
}

export function DescribedBlocks({ blocks, where }: { blocks: readonly Block[]; where: Where }) {
  return blocks
    .filter((block) => showsSomething(block, where))
    .map((block, index) => <DescribedBlock key={'name' in block ? block.name : `${block.kind}-${index}`} block={block} where={where} />);
}

function DescribedBlock({ block, where }: { block: Block; where: Where }) {
  if (block.kind === 'images') return <StepImages ctx={where.ctx} kinds={STEP_IMAGES[where.step.index]} />;
  if (block.kind === 'row')
    return (
      <div className={s.row}>
        <DescribedBlocks blocks={block.blocks} where={where} />
      </div>
    );
  if (block.kind === 'group')
    return (
      <Group legend={say(block.legend)} hint={block.hint ? say(block.hint) : undefined}>
        <DescribedBlocks blocks={block.blocks} where={where} />
      </Group>
    );
  return <DescribedField field={block} where={where} />;
}

function DescribedField({ field, where }: { field: Field; where: Where }) {
  const path = [field.name] as const;
  const common = { path, label: say(field.label), hint: field.hint ? say(field.hint) : undefined, optional: field.optional };
  if (field.newAccountOnly && 'locked' in field.newAccountOnly && !where.about.newAccount) {
    // An existing account's value on file, shown as the worker knows it; never sent (the server keeps it).
    const stored = onFileText(where.step, field, where.ctx.details);
    return (
      <TextField
        id={fieldId(path)}
        label={common.label}
        hint={say(field.newAccountOnly.locked)}
        value={field.kind === 'text' && field.shownAs ? field.shownAs(stored) : stored}
        disabled
        readOnly
      />
    );
  }
  switch (field.kind) {
    case 'text':
      return <TextInput {...common} {...field.input} format={field.format} />;
    case 'date':
      return <DateInput {...common} autoComplete={field.autoComplete} />;
    case 'decimal':
      return <DecimalInput {...common} />;
    case 'select':
      return <SelectInput {...common} options={optionsOf(field.options)} placeholder={field.placeholder ? say(field.placeholder) : undefined} />;
    case 'choices':
      return <CheckboxGroup {...common} options={optionsOf(field.options)} />;
    case 'address':
      return <AddressFields field={field} />;
    case 'levels':
      return <LevelFields field={field} />;
  }
}

/** An address in its group: street and number, postcode and city, country (a secondary one has its own autofill section). */
function AddressFields({ field }: { field: AddressField }) {
  const section = field.autoCompleteSection ? `${field.autoCompleteSection} ` : '';
  const part = (name: keyof typeof ADDRESS_PART_LABEL) => ({
    path: [field.name, name] as const,
    label: say(ADDRESS_PART_LABEL[name]),
    optional: field.optional,
  });
  return (
    <Group legend={say(field.label)} hint={field.hint ? say(field.hint) : undefined}>
      <div className={s.row}>
        <TextInput {...part('street')} autoComplete={`${section}address-line1`} />
        <TextInput {...part('number')} autoComplete={`${section}address-line2`} />
      </div>
      <div className={s.row}>
        <TextInput {...part('zip')} autoComplete={`${section}postal-code`} inputMode="numeric" />
        <TextInput {...part('city')} autoComplete={`${section}address-level2`} />
      </div>
      <SelectInput path={[field.name, 'country']} label={say(ADDRESS_PART_LABEL.country)} options={optionsOf(ADDRESS_COUNTRY_OPTIONS)} />
    </Group>
  );
}

function LevelFields({ field }: { field: LevelsField }) {
  return (
    <Group legend={say(field.label)} hint={field.hint ? say(field.hint) : undefined}>
      <div className={s.row}>
        {field.parts.map((part) => (
          <SelectInput key={part} path={[field.name, part]} label={say(field.partLabels[part]!)} options={optionsOf(field.options)} />
        ))}
      </div>
    </Group>
  );
}

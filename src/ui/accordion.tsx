/** Sections that open and close (Radix Accordion, several open at once): the documents screen. */
import type { ReactNode } from 'react';
import { Accordion as RadixAccordion } from 'radix-ui';
import * as s from './accordion.css.ts';

export type AccordionSection = { value: string; title: ReactNode; content: ReactNode };

export type AccordionProps = {
  sections: readonly AccordionSection[];
  /** The level of the section headings in the page's outline (h2 under the page's h1). */
  headingLevel?: 2 | 3 | 4;
  defaultOpen?: string[];
};

export function Accordion({ sections, headingLevel = 2, defaultOpen }: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root type="multiple" className={s.root} {...(defaultOpen ? { defaultValue: defaultOpen } : {})}>
      {sections.map((section) => (
        <RadixAccordion.Item key={section.value} value={section.value} className={s.item}>
          <RadixAccordion.Header asChild>
            <Heading className={s.header}>
              <RadixAccordion.Trigger className={s.trigger}>
                {section.title}
                <span className={s.chevron} aria-hidden="true" />
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className={s.content}>{section.content}</RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}

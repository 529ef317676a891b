/** A policy text and its A4 layout with pdf-lib's standard fonts (WinAnsi covers French and Dutch). */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type PolicySection = { heading: string; paragraphs?: string[]; bullets?: string[] };
export type PolicyText = { title: string; subtitle: string; sections: PolicySection[] };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.1);
/** A fixed date: the same texts always give the same bytes (the PDFs are committed). */
const DATE = new Date('2026-01-01T00:00:00.000Z');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

export async function policyPdf(text: PolicyText, locale: 'fr' | 'nl'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(text.title);
  doc.setSubject(text.subtitle);
  doc.setAuthor('Interim Portal');
  doc.setLanguage(locale === 'nl' ? 'nl-BE' : 'fr-BE');
  doc.setCreator('scripts/generate-policies.ts');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(DATE);
  doc.setModificationDate(DATE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (content: string, options: { font?: PDFFont; size?: number; indent?: number; gapAfter?: number; bullet?: boolean } = {}) => {
    const { font = regular, size = 10.5, indent = 0, gapAfter = 6, bullet = false } = options;
    const lines = wrap(content, font, size, WIDTH - indent);
    lines.forEach((line, index) => {
      if (y - size < MARGIN) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      if (bullet && index === 0) page.drawText('•', { x: MARGIN + indent - 10, y, size, font, color: INK });
      page.drawText(line, { x: MARGIN + indent, y, size, font, color: INK });
      y -= size * 1.4;
    });
    y -= gapAfter;
  };

  write(text.title, { font: bold, size: 20, gapAfter: 2 });
  write(text.subtitle, { size: 9.5, gapAfter: 14 });
  for (const section of text.sections) {
    write(section.heading, { font: bold, size: 12.5, gapAfter: 2 });
    for (const bullet of section.bullets ?? []) write(bullet, { indent: 14, bullet: true, gapAfter: 2 });
    if (section.bullets?.length) y -= 4;
    for (const paragraph of section.paragraphs ?? []) write(paragraph);
    y -= 6;
  }
  return doc.save({ useObjectStreams: false });
}

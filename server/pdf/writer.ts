/**
 * A small page writer over pdf-lib: headings, label/value lines, wrapped paragraphs and simple tables, with
 * page breaks. Standard fonts (WinAnsi) cover French and Dutch (é, ç, ë, €); any other character is replaced
 * rather than failing the document (docs/decisions/013-pdf-generation.md).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Locale } from '#domain/api-schema.ts';
import { typeset } from './typography.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly locale: Locale,
  ) {
    this.newPage();
  }

  static async create(meta: { title: string; subject: string; locale: Locale; now: Date }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(typeset(meta.title, meta.locale));
    doc.setSubject(typeset(meta.subject, meta.locale));
    doc.setLanguage(meta.locale === 'nl' ? 'nl-BE' : 'fr-BE');
    doc.setCreator('Worker portal reference server');
    doc.setProducer('pdf-lib');
    doc.setCreationDate(meta.now);
    doc.setModificationDate(meta.now);
    const writer = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), meta.locale);
    return writer;
  }

  /**
   * Replaces what the WinAnsi standard fonts cannot draw (narrow no-break spaces of Intl become no-break spaces in
   * French, plain spaces in Dutch; arrows…). `prose` (headings, labels, paragraphs: our texts and the agency's
   * briefing) also gets French typography; data (references, times, table cells) is drawn as it is.
   */
  private safe(text: string, prose = false): string {
    const supported = new Set(this.font.getCharacterSet());
    const flat = text.replace(/[\r\n\t]+/g, ' ');
    return [...(prose ? typeset(flat, this.locale) : flat).replace(/[\u202f\u2009]/g, this.locale === 'fr' ? '\u00a0' : ' ')]
      .map((ch) => (supported.has(ch.codePointAt(0)!) ? ch : '?'))
      .join('');
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Draws `text` as `prose` or `data` (see safe()), or `prepared` when it already went through safe() (a paragraph's lines). */
  private draw(text: string, x: number, size: number, font: PDFFont, kind: 'prose' | 'data' | 'prepared') {
    this.page.drawText(kind === 'prepared' ? text : this.safe(text, kind === 'prose'), { x, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
  }

  heading(text: string, size = 18): this {
    this.ensure(size + 12);
    this.draw(text, MARGIN, size, this.bold, 'prose');
    this.y -= size + 12;
    return this;
  }

  line(label: string, value: string): this {
    this.ensure(16);
    this.draw(`${label}:`, MARGIN, 10, this.bold, 'prose');
    this.draw(value, MARGIN + 160, 10, this.font, 'data');
    this.y -= 16;
    return this;
  }

  paragraph(text: string, size = 10): this {
    const width = A4[0] - 2 * MARGIN;
    let current = '';
    const lines: string[] = [];
    for (const word of this.safe(text, true).split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (this.font.widthOfTextAtSize(next, size) > width && current) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    if (current) lines.push(current);
    for (const l of lines) {
      this.ensure(size + 4);
      this.draw(l, MARGIN, size, this.font, 'prepared');
      this.y -= size + 4;
    }
    this.y -= 6;
    return this;
  }

  table(headers: string[], rows: string[][], widths: number[]): this {
    const row = (cells: string[], font: PDFFont, header: boolean) => {
      this.ensure(16);
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const w = widths[i] ?? 80;
        let text = this.safe(cell, header);
        while (text.length > 1 && font.widthOfTextAtSize(text, 9) > w - 6) text = text.slice(0, -1);
        this.draw(text, x, 9, font, 'prepared');
        x += w;
      });
      this.y -= 14;
    };
    row(headers, this.bold, true);
    for (const cells of rows) row(cells, this.font, false);
    this.y -= 8;
    return this;
  }

  space(points = 12): this {
    this.y -= points;
    return this;
  }

  async bytes(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

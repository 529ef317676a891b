/**
 * The text of a PDF, for tests that must find words in generated documents (the planning export, contracts…).
 * Enough for what pdf-lib writes with the standard fonts (decision 013): FlateDecode content streams whose text
 * operators draw hex or literal strings in WinAnsi. Not a general PDF parser. Pure Node; shared by vitest and
 * Playwright (e2e/journeys).
 */
import { inflateSync } from 'node:zlib';

// Node's TextDecoder('windows-1252') reads 0x80–0x9F as C1 controls (latin1); WinAnsi puts ’ “ ” € … there.
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const fromWinAnsi = (text: string) => text.replace(/[\u0080-\u009f]/g, (c) => WIN_ANSI_HIGH[c.charCodeAt(0) - 0x80]!);
const winAnsi = { decode: (bytes: Buffer) => fromWinAnsi(bytes.toString('latin1')) };

/** The decoded bytes of every stream of the file (compressed ones inflated; others as they are). */
function streams(pdf: Uint8Array): Buffer[] {
  const bytes = Buffer.from(pdf);
  const found: Buffer[] = [];
  let from = 0;
  for (;;) {
    const start = bytes.indexOf('stream', from, 'latin1');
    if (start < 0) break;
    let body = start + 'stream'.length;
    if (bytes[body] === 0x0d) body++;
    if (bytes[body] === 0x0a) body++;
    const end = bytes.indexOf('endstream', body, 'latin1');
    if (end < 0) break;
    const raw = bytes.subarray(body, end);
    try {
      found.push(inflateSync(raw));
    } catch {
      found.push(raw);
    }
    from = end + 'endstream'.length;
  }
  return found;
}

function unescapeLiteral(text: string): string {
  return text.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return simple[c] ?? String.fromCharCode(parseInt(c, 8));
  });
}

const hex = (h: string) => winAnsi.decode(Buffer.from(h.replace(/\s+/g, '').padEnd(h.length + (h.length % 2), '0'), 'hex'));

/** Every string a text operator (Tj, ', ", TJ) draws, in drawing order. */
export function pdfStrings(pdf: Uint8Array): string[] {
  const out: string[] = [];
  for (const stream of streams(pdf)) {
    const content = stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    const ops = /<([0-9A-Fa-f\s]*)>\s*(?:Tj|'|")|\(((?:[^()\\]|\\.)*)\)\s*(?:Tj|'|")|\[((?:[^\]])*)\]\s*TJ/g;
    for (const match of content.matchAll(ops)) {
      if (match[1] !== undefined) out.push(hex(match[1]));
      else if (match[2] !== undefined) out.push(fromWinAnsi(unescapeLiteral(match[2])));
      else if (match[3] !== undefined) {
        const parts = [...match[3].matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:[^()\\]|\\.)*)\)/g)].map((p) =>
          p[1] !== undefined ? hex(p[1]) : fromWinAnsi(unescapeLiteral(p[2] ?? '')),
        );
        out.push(parts.join(''));
      }
    }
  }
  return out;
}

/** All the text of the PDF, one drawn string per line. */
export const pdfText = (pdf: Uint8Array): string => pdfStrings(pdf).join('\n');

export const isPdf = (bytes: Uint8Array): boolean => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

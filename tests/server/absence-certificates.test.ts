// The medical certificate's file (docs/decisions/202-certificate-files.md): a photo is stored like the personal file's
// images (GPS, device and comments gone), a PDF is rewritten without its metadata, scripts, attachments and old
// revisions, and anything else is refused with the certificate's own codes. Read back through the back-office.
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sanitizePdf } from '../../server/services/pdf-sanitize.ts';
import { cameraJpeg, leaks, pngWithMetadata, SMALL_JPEG } from '../fixtures/camera-exif.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { signaturePng } from '../fixtures/worker-data.ts';
import { approvedWorker, mission } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const START = new Date('2027-03-25T09:00:00Z');
let api: TestServer;
let w: { email: string; token: string };
beforeAll(async () => {
  api = await startServer({ start: START });
  w = await approvedWorker(api);
});
afterAll(() => api.close());

let day = 0;
/** A sickness report for a mission of its own, with `file` sent along. */
async function reportWith(bytes: Uint8Array, name: string, type: string) {
  const m = await mission(api, w.email, { date: `2027-05-${String(++day).padStart(2, '0')}`, start: '09:00', end: '17:00' });
  const form = new FormData();
  form.append('mission', m.mission);
  form.append('reason', 'sick');
  form.append('certificate', new File([new Uint8Array(bytes)], name, { type }));
  return api.post('/api/user/me/absences', { token: w.token, form });
}
const stored = async (id: string) => {
  const res = await api.bo('GET', `/absences/${id}/certificate`);
  expect(res.status).toBe(200);
  return { bytes: res.bytes, type: res.headers.get('content-type') };
};

/** A scanner app's PDF: who made it, an XMP packet with a position, a photo with EXIF, a script, an attachment, an orphan. */
async function scannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setAuthor('Dr Marc Jansen');
  doc.setTitle('Certificat Anne Dupont');
  doc.setCreator('ScanPro 7');
  doc.setProducer('ScanPro PDF engine');
  // A copy: pdf-lib reads the bytes from the start of their buffer, which a pooled Buffer does not own.
  const photo = await doc.embedJpg(new Uint8Array(cameraJpeg(1)));
  doc.addPage([400, 300]).drawImage(photo, { x: 10, y: 10, width: 160, height: 120 });
  const xmp = doc.context.stream('<x:xmpmeta><exif:GPSLatitude>50,50.8N</exif:GPSLatitude><xmp:CreatorTool>ScanPro 7</xmp:CreatorTool></x:xmpmeta>', {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(xmp));
  doc.addJavaScript('hello', 'app.alert("opened")');
  await doc.attach(new TextEncoder().encode('secret notes'), 'notes.txt', { mimeType: 'text/plain' });
  doc.context.register(PDFString.of('orphan from an earlier revision'));
  return doc.save({ useObjectStreams: false });
}

describe('a photo of the certificate', () => {
  it('is stored without the GPS position, the device or the comments a phone wrote into it', async () => {
    const photo = cameraJpeg(6);
    expect(leaks(photo)).toContain('GPS position');
    const res = await reportWith(photo, 'IMG_2041.jpg', 'image/jpeg');
    expect(res.status, res.text).toBe(201);
    const file = await stored(res.json.id);
    expect(file.type).toBe('image/jpeg');
    expect(leaks(file.bytes)).toEqual([]);
    expect(res.json.certificate).toMatchObject({ status: 'received', mediaType: 'image/jpeg', size: file.bytes.length });
  });

  it('a PNG loses its text and eXIf chunks', async () => {
    const res = await reportWith(pngWithMetadata(), 'scan.png', 'image/png');
    const file = await stored(res.json.id);
    expect([file.type, leaks(file.bytes)]).toEqual(['image/png', []]);
  });
});

describe('a PDF certificate', () => {
  it('is rewritten without its metadata, scripts, attachments and orphans, its pages and photo kept (the photo without EXIF)', async () => {
    const pdf = await scannedPdf();
    const text = Buffer.from(pdf).toString('latin1');
    expect([leaks(pdf), ['/JavaScript', '/EmbeddedFiles', '/Metadata', 'orphan'].every((n) => text.includes(n))]).toEqual([
      expect.arrayContaining(['GPS position']),
      true,
    ]);
    const res = await reportWith(pdf, 'certificat.pdf', 'application/pdf');
    expect(res.status, res.text).toBe(201);
    const file = await stored(res.json.id);
    expect(file.type).toBe('application/pdf');
    const kept = Buffer.from(file.bytes).toString('latin1');
    expect(leaks(file.bytes)).toEqual([]);
    expect(['/JavaScript', '/EmbeddedFile', '/Metadata', 'GPSLatitude', 'orphan', 'ScanPro', '/Info', '/ID'].filter((needle) => kept.includes(needle))).toEqual(
      [],
    );
    const reread = await PDFDocument.load(file.bytes, { updateMetadata: false });
    expect([reread.getPageCount(), reread.getAuthor(), reread.getTitle(), reread.getProducer()]).toEqual([1, undefined, undefined, undefined]);
    // The photo is still there, as a JPEG stream that still starts like one.
    expect(kept).toContain('/DCTDecode');
    expect(file.bytes.length).toBeLessThan(pdf.length);
  });

  it('is rewritten the same way each time (the same file sent again is recognised)', async () => {
    const pdf = await scannedPdf();
    const [a, b] = [await sanitizePdf(pdf), await sanitizePdf(pdf)];
    expect(a).not.toBeNull();
    expect(Buffer.from(a!).equals(Buffer.from(b!))).toBe(true);
  });

  it('is refused when encrypted, unreadable or without pages (the agency could not read it)', async () => {
    const pdf = Buffer.from(await scannedPdf()).toString('latin1');
    const encrypted = Buffer.from(pdf.replace('/Root', '/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>\n/Root'), 'latin1');
    const empty = await PDFDocument.create();
    for (const bytes of [encrypted, Buffer.from('%PDF-1.7\nnothing here\n%%EOF'), await empty.save({ addDefaultPage: false })]) {
      const res = await reportWith(bytes, 'certificat.pdf', 'application/pdf');
      expect([res.status, res.json.code]).toEqual([415, 'absence_certificate_type']);
    }
  });
});

describe('other files', () => {
  it('are refused by their first bytes whatever their name or type, as damaged or too many pixels, or over 10 MB; nothing is stored', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1')]);
    for (const [bytes, name, type] of [
      [gif, 'certificat.jpg', 'image/jpeg'],
      [heic, 'IMG_1.heic', 'image/heic'],
      [Buffer.from('Je suis malade.'), 'certificat.pdf', 'application/pdf'],
      [Buffer.alloc(0), 'vide.jpg', 'image/jpeg'],
    ] as const) {
      const res = await reportWith(bytes, name, type);
      expect([res.status, res.json.code, res.json.message], name).toEqual([
        415,
        'absence_certificate_type',
        'Le certificat doit être une photo (JPEG ou PNG) ou un PDF lisible et non protégé.',
      ]);
    }
    // A photo passes the personal file's image check: a header alone is damaged, 20000×20000 pixels too many.
    const headerOnly = SMALL_JPEG.subarray(0, 200);
    const bomb = Buffer.from(signaturePng());
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    for (const [bytes, status, code] of [
      [headerOnly, 415, 'image_damaged'],
      [bomb, 413, 'image_too_large'],
    ] as const) {
      const res = await reportWith(bytes, 'certificat.png', 'image/png');
      expect([res.status, res.json.code]).toEqual([status, code]);
    }
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(SMALL_JPEG);
    const tooLarge = await reportWith(huge, 'huge.jpg', 'image/jpeg');
    expect([tooLarge.status, tooLarge.json.code]).toEqual([413, 'absence_certificate_too_large']);
    expect(
      (await api.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM absence_reports WHERE certificate_media_type IS NULL AND reason = 'sick'"))[0]!.n,
    ).toBe(0);
  });
});

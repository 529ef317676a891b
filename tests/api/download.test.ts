// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { filenameFromContentDisposition, saveBlob } from '../../src/api/download.ts';

describe('file names from Content-Disposition', () => {
  it.each([
    ['attachment; filename="planning.pdf"', 'planning.pdf'],
    ['attachment; filename=planning.pdf', 'planning.pdf'],
    [`attachment; filename="x.pdf"; filename*=UTF-8''Fiche%20fiscale%202025.pdf`, 'Fiche fiscale 2025.pdf'],
    ['attachment; filename="a \\"quoted\\" name.pdf"', 'a quoted name.pdf'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\temp\\\\evil.pdf"', 'evil.pdf'],
    ['attachment; filename=".hidden"', 'hidden'],
    ['attachment; filename=""', undefined],
    ['inline', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});

describe('saving a Blob', () => {
  it('clicks a temporary download link on an object URL, then releases it', () => {
    vi.useFakeTimers();
    const createObjectURL = vi.fn(() => 'blob:portal/1');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveBlob(new Blob(['%PDF']), 'planning.pdf');
    expect(clicked).toEqual([{ href: 'blob:portal/1', download: 'planning.pdf' }]);
    expect(document.querySelector('a')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:portal/1');
    click.mockRestore();
    vi.useRealTimers();
  });
});

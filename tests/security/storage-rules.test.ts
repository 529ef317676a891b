// The storage rule of the security fixture: personal data anywhere fails, except the spec's remembered e-mail.
import { describe, expect, it } from 'vitest';
import { REMEMBERED_EMAIL_KEY, storageProblems, type StoredEntry } from './rules/storage-rules.ts';

const now = 1_750_000_000_000;
const entry = (key: string, value: unknown, area: StoredEntry['area'] = 'localStorage'): StoredEntry => ({ area, key, value: JSON.stringify(value) });
const known = [{ label: 'display name', value: 'Anne Dupont' }];

describe('storageProblems', () => {
  it('fails a stored user that keeps a name or an e-mail, in any storage area', () => {
    const user = { value: { token: 'x'.repeat(43), username: 'Anne Dupont', email: 'anne@test.example' }, expiresAt: now + 1000 };
    expect(storageProblems([entry('portal.v1.currentUser', user)], known, now)).toHaveLength(1);
    expect(storageProblems([entry('portal.v1.currentUser', user, 'sessionStorage')], [], now)).toHaveLength(1);
    expect(storageProblems([entry('db/store/1', { iban: 'BE68539007547034' }, 'indexedDB')], [], now)).toHaveLength(1);
  });

  it('accepts the token and flags, and the remembered login e-mail for one day only', () => {
    const user = { value: { token: 'x'.repeat(43), locale: 'fr', statute: 1 }, expiresAt: now + 1000 };
    expect(storageProblems([entry('portal.v1.currentUser', user)], known, now)).toEqual([]);
    expect(storageProblems([entry(REMEMBERED_EMAIL_KEY, { value: 'anne@test.example', expiresAt: now + 86_400_000 })], known, now)).toEqual([]);
  });

  it('fails the remembered e-mail when it lives longer, carries more, or sits elsewhere', () => {
    expect(storageProblems([entry(REMEMBERED_EMAIL_KEY, { value: 'anne@test.example', expiresAt: now + 30 * 86_400_000 })], [], now)).toHaveLength(1);
    expect(storageProblems([entry(REMEMBERED_EMAIL_KEY, { value: 'anne@test.example', name: 'Anne Dupont', expiresAt: now })], [], now)).toHaveLength(1);
    expect(storageProblems([entry(REMEMBERED_EMAIL_KEY, { value: 'anne@test.example', expiresAt: now }, 'sessionStorage')], [], now)).toHaveLength(1);
  });

  it('fails a calendar feed address (https or webcal, in a value or a key), whoever it belongs to', () => {
    const secret = 'q7Vd2LxP0aZ3vB9nYc8fK2mQx7Lp0aZ3vB9nYc8fK2m';
    expect(storageProblems([entry('portal.v1.feed', { value: `https://portail.example.be/api/calendar/${secret}.ics`, expiresAt: now })], [], now)).toEqual([
      'a calendar feed address in localStorage "portal.v1.feed"',
    ]);
    expect(storageProblems([entry('x', `webcal://portail.example.be/api/calendar/${secret}.ics`, 'sessionStorage')], [], now)).toHaveLength(1);
    expect(storageProblems([entry(`cache/api/calendar/${secret}.ics`, 1, 'indexedDB')], [], now)).toHaveLength(1);
    // The planning itself, or a shorter path, is not an address.
    expect(storageProblems([entry('portal.v1.last', { value: '/api/calendar/short.ics', expiresAt: now })], [], now)).toEqual([]);
  });

  it('fails an answer of the API in Cache Storage, and accepts the files of the build there', () => {
    expect(
      storageProblems([entry('workbox-precache-v2-https://portail.example.be/ https://portail.example.be/api/user/me/info', '', 'cacheStorage')], [], now),
    ).toEqual(['an API answer in Cache Storage "workbox-precache-v2-https://portail.example.be/ https://portail.example.be/api/user/me/info"']);
    expect(storageProblems([entry('runtime https://portail.example.be/assets/index-abc.js', '', 'cacheStorage')], [], now)).toEqual([]);
    expect(storageProblems([entry('runtime https://portail.example.be/nl/login.html?__WB_REVISION__=1', '', 'cacheStorage')], [], now)).toEqual([]);
    // A revision is a hash of the file: digits in it that spell a valid registry number are the build's, not a worker's.
    const hashed = 'workbox-precache-v2-https://portail.example.be/ https://portail.example.be/hours.html?__WB_REVISION__=3a53339439272e7fa0f52324b26c6d4c';
    expect(storageProblems([entry(hashed, '', 'cacheStorage')], [], now)).toEqual([]);
    // The same digits anywhere else in an address are still found.
    expect(storageProblems([entry('runtime https://portail.example.be/hours.html?nr=53339439272', '', 'cacheStorage')], [], now)).toHaveLength(1);
  });
  it('reads no sealed kept answer (its owner hash may spell a phone by chance), and names one kept in clear', () => {
    const sealed = { owner: '6e1b0404231043aa9f2c7d11e0b3c4d5', expiresAt: now, at: now, iv: { bytes: 12 }, data: { bytes: 480 } };
    expect(storageProblems([entry('portal-kept/answers', [sealed, sealed], 'indexedDB')], [], now)).toEqual([]);
    const clear = { ...sealed, body: '{"phone":"0470123456"}' };
    expect(storageProblems([entry('portal-kept/answers', [sealed, clear], 'indexedDB')], [], now)).toEqual([
      'a kept answer not sealed in indexedDB "portal-kept/answers"',
      'personal data in indexedDB "portal-kept/answers": phone: 0404231043, phone: 0470123456',
    ]);
    expect(storageProblems([entry('portal-kept/answers', [{ ...sealed, data: 'Anne Dupont' }], 'indexedDB')], known, now)).toContain(
      'a kept answer not sealed in indexedDB "portal-kept/answers"',
    );
  });
});

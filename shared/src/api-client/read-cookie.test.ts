import { describe, expect, it } from 'vitest';
import { readCookie, readCsrfToken } from './read-cookie';

describe('readCsrfToken: whichever csrf cookie the API set', () => {
  it.each([
    ['csrftoken=plain; other=1', 'plain'],
    ['__Host-csrftoken=host', 'host'],
    // An https site: its __Host- cookie wins over a plain one a sibling host may have planted.
    ['csrftoken=planted; __Host-csrftoken=host', 'host'],
    ['__Host-csrftoken=host; csrftoken=planted', 'host'],
    ['sessionid=x', null],
    ['', null],
  ])('%j → %j', (cookies, expected) => {
    expect(readCsrfToken(cookies)).toBe(expected);
  });

  it('readCookie reads one name exactly (not a longer one that ends with it)', () => {
    expect(readCookie('__Host-csrftoken=host', 'csrftoken')).toBeNull();
    expect(readCookie('a=1; b=x%3Dy', 'b')).toBe('x=y');
  });
});

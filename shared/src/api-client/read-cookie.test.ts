import { describe, expect, it, test } from 'vitest';
import { csrfHeaders, readCookie, readCsrfToken } from './read-cookie';

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

describe('csrfHeaders', () => {
  test('the X-CSRFToken header with the cookie’s token (the __Host- one first), none without a cookie', () => {
    expect(csrfHeaders('a=1; csrftoken=tok-1')).toEqual({ 'X-CSRFToken': 'tok-1' });
    expect(csrfHeaders('csrftoken=plain; __Host-csrftoken=host')).toEqual({ 'X-CSRFToken': 'host' });
    expect(csrfHeaders('a=1')).toEqual({});
    expect(csrfHeaders('')).toEqual({});
  });
});

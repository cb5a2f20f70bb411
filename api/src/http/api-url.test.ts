import { describe, expect, it } from 'vitest';
import { isApiUrl } from './api-url';

describe('isApiUrl', () => {
  it.each(['/api', '/api/', '/api/me/', '/api?x=1', '/api/files/3/?download=1', '/api#x'])('%s is the API', (url) => {
    expect(isApiUrl(url)).toBe(true);
  });
  it.each(['/', '/apis', '/api-docs/', '/apiary/api/', '/mypage', '/remotes/api/x.js', ''])('%s is the site', (url) => {
    expect(isApiUrl(url)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/","x")', `"'=HYPERLINK(""http://evil.example/"",""x"")"`],
    ['+81 3', `"'+81 3"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTAB', `"'\tTAB"`],
    ['\rCR', `"'\rCR"`],
    ['株式会社ツムギ商事', '"株式会社ツムギ商事"'],
    ['759340', '"759340"'],
    [null, '""'],
  ])('a cell %j is %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('a file: the BOM, CRLF after every row', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('\uFEFF"a","b"\r\n"c","d"\r\n');
  });
});

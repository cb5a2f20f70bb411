/**
 * The text of a PDF the site served, read with PDF.js (as a browser's viewer reads it), with every
 * whitespace run taken out: pdfkit breaks Japanese lines anywhere, so a phrase is compared squeezed.
 */
export async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  await pdf.destroy();
  return squeeze(text);
}

/** The text without whitespace, to compare with `pdfText`. */
export const squeeze = (text: string): string => text.replace(/\s+/g, '');

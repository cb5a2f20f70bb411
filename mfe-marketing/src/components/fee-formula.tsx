import { Phrases } from './phrases';

/** The purchase formula as running text, broken only between its terms. */
export function FeeFormulaText({ withResult = true }: { withResult?: boolean }) {
  const terms = ['請求書の額面 × 買取率', '− 手数料', '− 振込手数料'];
  return <Phrases parts={withResult ? ['買取額 ＝', ...terms] : terms} separator=" " />;
}

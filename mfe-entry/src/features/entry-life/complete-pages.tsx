import { useLocation } from 'react-router-dom';
import { AppLink, href } from '@app/shared';
import { CompletionCard } from '../../components/completion-card';
import { useEntryLifeStyles } from './styles';

const stateOf = (state: unknown): { code: string | null; entryId: number | null; account: string | null } => {
  const value = (state ?? {}) as { code?: unknown; entryId?: unknown; account?: unknown };
  return {
    code: typeof value.code === 'string' ? value.code : null,
    entryId: typeof value.entryId === 'number' ? value.entryId : null,
    // The payout account as the contract page showed it (masked): the account the money goes to.
    account: typeof value.account === 'string' ? value.account : null,
  };
};

/** /entry/cancel/complete: the entry was cancelled; what that means and the way back to /mypage. */
export function CancelCompletePage() {
  useEntryLifeStyles();
  const { code } = stateOf(useLocation().state);
  return (
    <CompletionCard id="cancel-complete-heading" block="el-complete" heading={['お申し込みを', '取り消しました']} muted>
      {code && (
        <p>
          申込番号 <span className="el-code">{code}</span> のお申し込みを取り消しました。
        </p>
      )}
      <p>取り消しの確認メールを、ご登録のメールアドレスにお送りしました。お預かりした書類の審査は行いません。</p>
      <h2 className="section-heading">このあとのこと</h2>
      <ol>
        <li>取り消したお申し込みは、マイページの「お申し込み一覧」に「終了」と表示されます。</li>
        <li>あらためて資金が必要になったときは、マイページから新しくお申し込みいただけます。</li>
      </ol>
      <div className="el-actions">
        <AppLink className="button button--primary" to={href('mypage')}>
          マイページへ
        </AppLink>
      </div>
    </CompletionCard>
  );
}

/** /entry/contract/complete: signed; where the contract PDF is and when the money comes. */
export function ContractCompletePage() {
  useEntryLifeStyles();
  const { code, entryId, account } = stateOf(useLocation().state);
  return (
    <CompletionCard id="contract-complete-heading" block="el-complete" heading={['ご契約手続きが', '完了しました']}>
      <p>
        ご契約いただき、ありがとうございます。
        {code && (
          <>
            申込番号 <span className="el-code">{code}</span> のご契約を承りました。
          </>
        )}
        ご登録のメールアドレスに、ご契約の確認メールをお送りしました。
      </p>
      <h2 className="section-heading">このあとの流れ</h2>
      <ol>
        <li>当社でお振込みの手続きを行います。お振込みが済みましたら、メールでお知らせします。</li>
        <li>
          {account === null ? (
            'お振込み額は、お知らせのメールのあと、お申し込みの振込先口座に着金します。'
          ) : (
            <>
              お振込み額は、お知らせのメールのあと、振込先口座（<span data-testid="payout-account-line">{account}</span>）に着金します。
            </>
          )}
        </li>
        <li>ご契約の内容を記した契約書（PDF）は、お申し込み内容のページからいつでもダウンロードできます。</li>
        <li>売掛先から入金がありましたら、ご契約のとおり回収金をお引き渡しください。</li>
      </ol>
      <div className="el-actions">
        {entryId !== null && (
          <AppLink className="button button--secondary" to={href('entryDetail', { entryId })}>
            お申し込み内容と契約書を見る
          </AppLink>
        )}
        <AppLink className="button button--primary" to={href('mypage')}>
          マイページへ
        </AppLink>
      </div>
    </CompletionCard>
  );
}

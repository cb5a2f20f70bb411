/** Japanese UI text used across the site. Spec wording is kept verbatim where the spec gives it. */
const BRAND_NAME = 'ツムギ';
const SERVICE = '請求書買取';

export const BRAND = {
  name: BRAND_NAME,
  /** What the service is, shown after the name (the header's sub-line). */
  service: SERVICE,
  fullName: `${BRAND_NAME} ${SERVICE}`,
  tagline: '請求書を、はやく確かな資金に。',
} as const;

export const COPY = {
  skipToContent: '本文へスキップ',
  login: 'ログイン',
  register: '無料会員登録',
  mypage: 'マイページ',
  backToTop: 'トップページへ戻る',
  backToMypage: 'マイページへ戻る',
  loading: '読み込み中…',
  notYetAvailableHeading: 'このページは準備中です',
  notYetAvailableBody:
    'このページの機能はまだご利用いただけません。公開までお待ちください。ご不明な点はサポート窓口へお問い合わせください。',
  errors: {
    notFound: 'お探しのページが見つかりません',
    notFoundBody: 'URLが変更されたか、ページが削除された可能性があります。',
    sessionExpired: 'セッションが切れました',
    sessionExpiredBody: 'お手数ですが、もう一度ログインしてください。',
    loginAgain: 'ログインし直す',
    server: 'サーバーでエラーが発生しました',
    /** The status 599 page of spec §8 (more than 5 claims): a limit of the form, not a fault of the server. */
    limit: '登録できる上限を超えています',
    limitBody: '内容をご確認のうえ、前の画面に戻ってください。',
    serverBody: '時間をおいて、もう一度お試しください。',
    generic: 'エラーが発生しました',
    genericBody: 'お手数ですが、時間をおいてもう一度お試しください。',
    remoteUnavailable: 'このページを表示できませんでした。時間をおいて再読み込みしてください。他のページは引き続きご利用いただけます。',
    chunkFailed: 'ページの読み込みに失敗しました。通信環境をご確認のうえ、再読み込みしてください。',
    reload: '再読み込み',
    statusLabel: (status: number) => `エラーコード ${status}`,
  },
  toastClose: '閉じる',
} as const;

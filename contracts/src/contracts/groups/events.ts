import { group } from '../endpoint';

export const events = group('events', { tag: 'accounts', access: 'applicant' }, ({ GET }) => ({
  stream: GET('/api/events/', {
    summary:
      'ライブ更新の通知（text/event-stream）。`event: changed` と `data: {"kind":"identity"|"entry","id":…}` だけを送り、データそのものは送らない。ハートビートのコメント、`retry:` の指示つき。ログアウト・セッション終了で閉じる',
    // Not JSON: the handler writes the stream (as a file download's bytes, see endpoint.ts).
    file: true,
    // The listening connection could not be opened (the database is down): the browser backs off.
    errors: ['unavailable'],
  }),
}));

import { AppLink } from '@app/shared';
import type { StepItem } from '../model/steps';

/** 請求書 → 決算書 → 入出金明細 → 登録情報 → 申し込み: where the applicant is, what is done, what can be opened. */
export function StepIndicator({ items }: { readonly items: readonly StepItem[] }) {
  return (
    <nav className="steps" aria-label="お申し込みの手順">
      <ol className="steps__list">
        {items.map((item) => {
          const status = item.current ? '（表示中）' : item.done ? '（完了）' : '（未完了）';
          const content = (
            <>
              <span className="steps__number" aria-hidden="true">
                {item.done ? '✓' : item.number}
              </span>
              <span className="steps__label">{item.label}</span>
              <span className="visually-hidden">{status}</span>
            </>
          );
          return (
            <li
              key={item.step}
              className={`steps__item${item.done ? ' steps__item--done' : ''}${item.current ? ' steps__item--current' : ''}`}
              aria-current={item.current ? 'step' : undefined}
            >
              {item.href === null ? (
                <span className="steps__body">{content}</span>
              ) : (
                <AppLink className="steps__body steps__link" to={item.href}>
                  {content}
                </AppLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { useEffect, useId, useInsertionEffect, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { FieldFrame } from '@app/shared';
import { ensurePickerStyles } from './pickers.css';

/**
 * SuggestField — a text field with suggestions (the ARIA 1.2 combobox pattern: an input with
 * `role="combobox"` and a popup `role="listbox"`), the base of BankPicker and CorporationSuggest.
 *
 * - Typing calls `onValueChange` at once (free text is always allowed) and, `debounceMs` after the
 *   last key, `search(query, signal)`; an older search still running is aborted and its answer
 *   ignored, so the list always belongs to what is typed now.
 * - ↓/↑ move through the suggestions (wrapping; the input keeps focus and names the active option
 *   with `aria-activedescendant`), Enter chooses the active one (`onSelect`), Escape closes the
 *   list, a click or tap chooses too. Tab and leaving the field close it.
 * - The number of suggestions, "no suggestion" and a failed search are announced in a polite live
 *   region; the last two are also shown under the field, and neither stops the person typing.
 * - `search: null` makes it a plain text field (e.g. a branch before a bank is chosen).
 *
 * Markup and classes are the UI kit's TextField (`.field`, `.field__label`, `.field__input`,
 * `.field__error`…), so it looks like every other field of the site.
 */
export interface SuggestFieldProps<T> {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly onValueChange: (text: string) => void;
  readonly onSelect: (item: T) => void;
  readonly search: ((query: string, signal: AbortSignal) => Promise<readonly T[]>) | null;
  readonly optionKey: (item: T) => string;
  readonly renderOption: (item: T) => ReactNode;
  /** Shown and announced when a search finds nothing. */
  readonly noResultsMessage: string;
  readonly errorMessage?: string;
  readonly debounceMs?: number;
  readonly description?: ReactNode;
  /** Under the input, e.g. what was chosen (its code). */
  readonly footer?: ReactNode;
  readonly error?: string | undefined;
  readonly optional?: boolean;
  readonly disabled?: boolean;
  readonly placeholder?: string;
  readonly inputRef?: Ref<HTMLInputElement>;
}

export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_MESSAGES = {
  failed: '候補を読み込めませんでした。そのまま入力を続けられます。',
  searching: '検索中…',
  count: (count: number) => `候補が${count}件あります。上下の矢印キーで選び、Enterキーで決定します。`,
} as const;

type Status = 'idle' | 'loading' | 'done' | 'failed';

export function SuggestField<T>({
  label,
  name,
  value,
  onValueChange,
  onSelect,
  search,
  optionKey,
  renderOption,
  noResultsMessage,
  errorMessage = SUGGEST_MESSAGES.failed,
  debounceMs = SUGGEST_DEBOUNCE_MS,
  description,
  footer,
  error,
  optional,
  disabled,
  placeholder,
  inputRef,
}: SuggestFieldProps<T>) {
  useInsertionEffect(() => ensurePickerStyles(), []);
  const id = useId();
  const listboxId = `${id}-listbox`;
  const statusId = `${id}-status`;
  const [items, setItems] = useState<readonly T[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const sequence = useRef(0);

  const cancel = () => {
    clearTimeout(timer.current);
    controller.current?.abort();
    controller.current = null;
    sequence.current++;
  };
  useEffect(() => cancel, []);
  // A field that loses its search (another bank, none chosen) forgets the old suggestions.
  useEffect(() => {
    cancel();
    setItems([]);
    setStatus('idle');
    setOpen(false);
    setActive(-1);
  }, [search]);

  const run = (query: string) => {
    if (search === null) return;
    const mine = ++sequence.current;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    search(query, abort.signal).then(
      (found) => {
        if (mine !== sequence.current) return;
        setItems(found);
        setStatus('done');
        setActive(-1);
        setOpen(true);
      },
      () => {
        if (mine !== sequence.current || abort.signal.aborted) return;
        setItems([]);
        setStatus('failed');
        setActive(-1);
        setOpen(true);
      },
    );
  };

  const onInput = (text: string) => {
    onValueChange(text);
    cancel();
    setActive(-1);
    if (search === null || text.trim() === '') {
      setItems([]);
      setStatus('idle');
      setOpen(false);
      return;
    }
    setStatus('loading');
    timer.current = setTimeout(() => run(text.trim()), debounceMs);
  };

  const choose = (item: T) => {
    cancel();
    setOpen(false);
    setActive(-1);
    setItems([]);
    setStatus('idle');
    onSelect(item);
  };

  const listed = open && status === 'done' && items.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (items.length === 0) return;
        event.preventDefault();
        setOpen(true);
        const down = event.key === 'ArrowDown';
        setActive((current) => {
          if (!listed) return down ? 0 : items.length - 1;
          if (down) return current + 1 >= items.length ? 0 : current + 1;
          return current <= 0 ? items.length - 1 : current - 1;
        });
        return;
      }
      case 'Enter': {
        const item = listed && active >= 0 ? items[active] : undefined;
        if (item === undefined) return;
        event.preventDefault(); // choosing, not submitting the form
        choose(item);
        return;
      }
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
        return;
      case 'Tab':
        setOpen(false);
        setActive(-1);
        return;
      default:
    }
  };

  const message =
    status === 'failed'
      ? errorMessage
      : status === 'done' && items.length === 0
        ? noResultsMessage
        : status === 'done' && open
          ? SUGGEST_MESSAGES.count(items.length)
          : '';
  const visibleMessage = open && (status === 'failed' || (status === 'done' && items.length === 0));

  return (
    <FieldFrame className="picker" label={label} optional={optional} description={description} error={error}>
      {(control) => (
        <>
          <div className="picker__control">
            <input
              {...control}
              ref={inputRef}
              name={name}
              type="text"
              className="field__input"
              value={value}
              placeholder={placeholder}
              disabled={disabled}
              autoComplete="off"
              role={search === null ? undefined : 'combobox'}
              aria-autocomplete={search === null ? undefined : 'list'}
              aria-expanded={search === null ? undefined : listed}
              aria-controls={search === null ? undefined : listboxId}
              aria-activedescendant={listed && active >= 0 ? `${id}-option-${active}` : undefined}
              onChange={(event) => onInput(event.target.value)}
              onKeyDown={onKeyDown}
              onBlur={() => {
                setOpen(false);
                setActive(-1);
              }}
            />
            {status === 'loading' && (
              <span className="picker__busy" aria-hidden="true">
                {SUGGEST_MESSAGES.searching}
              </span>
            )}
            {search !== null && (
              <ul id={listboxId} role="listbox" aria-label={`${label}の候補`} className="picker__listbox" hidden={!listed}>
                {listed &&
                  items.map((item, index) => (
                    // The keys are handled on the combobox input (aria-activedescendant), as the ARIA pattern says.
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                    <li
                      key={optionKey(item)}
                      id={`${id}-option-${index}`}
                      role="option"
                      aria-selected={index === active}
                      className={`picker__option${index === active ? ' picker__option--active' : ''}`}
                      // Keep the focus in the input (no blur before the click chooses).
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(item)}
                    >
                      {renderOption(item)}
                    </li>
                  ))}
              </ul>
            )}
          </div>
          <p
            id={statusId}
            role="status"
            aria-live="polite"
            className={visibleMessage ? `picker__message${status === 'failed' ? ' picker__message--error' : ''}` : 'visually-hidden'}
          >
            {message}
          </p>
          {footer}
        </>
      )}
    </FieldFrame>
  );
}

/**
 * Small accessible building blocks shared by every page: page heading,
 * buttons, labelled fields, error banners, status badges, dialogs, toasts
 * and a cursor pager.
 */
import { cloneElement, isValidElement, type ComponentChildren, type JSX, type VNode } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError } from './api';
import { isLang, LANG_NAMES, LANGS, setLang, useLang, useT } from './i18n';

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

/** A page: its heading (focused after navigation, for screen readers), actions beside it, then the content. */
export function Page({ title, actions, children }: { title: string; actions?: ComponentChildren; children?: ComponentChildren }) {
  const h1 = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · aqcast`;
  }, [title]);
  useEffect(() => {
    // Move focus to the new page's heading when the user navigated here (not on first load).
    if (document.activeElement && document.activeElement !== document.body && !document.activeElement.closest('main')) h1.current?.focus();
  }, []);
  return (
    <section class="page">
      <header class="page-head">
        <h1 ref={h1} tabIndex={-1}>
          {title}
        </h1>
        {actions ? <div class="toolbar">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

type ButtonProps = JSX.HTMLAttributes<HTMLButtonElement> & { kind?: 'primary' | 'danger' | 'ghost'; type?: 'button' | 'submit' | 'reset'; disabled?: boolean; busy?: boolean };

/** A button (type="button" unless told); `busy` disables it and says so to screen readers. */
export function Button({ kind, type = 'button', class: cls, className, busy, disabled, children, ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} class={cx('btn', kind && `btn-${kind}`, typeof cls === 'string' && cls, typeof className === 'string' && className)} disabled={disabled || busy} aria-busy={busy ? 'true' : undefined}>
      {busy ? <span class="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A label wired to its one control (the control gets the id), with an optional hint and error. */
export function Field({ label, hint, error, children, class: cls }: { label: ComponentChildren; hint?: ComponentChildren; error?: string | null; children: ComponentChildren; class?: string }) {
  const auto = useId();
  // Field wraps one control element; its props are read for an id, checked for a string.
  const child = isValidElement(children) ? (children as VNode<Record<string, unknown>>) : null;
  const id = (typeof child?.props.id === 'string' ? child.props.id : undefined) ?? `f${auto}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errId = error ? `${id}-err` : undefined;
  const described = [hintId, errId].filter(Boolean).join(' ') || undefined;
  const control = child ? cloneElement(child, { id, 'aria-describedby': described, 'aria-invalid': error ? 'true' : undefined }) : children;
  return (
    <div class={cx('field', error && 'field-invalid', cls)}>
      <label for={id}>{label}</label>
      {control}
      {hint ? (
        <small id={hintId} class="muted">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={errId} class="error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

type ChoiceProps<T extends string> = Omit<JSX.HTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'label'> & { value: T; options: readonly T[]; label: (option: T) => ComponentChildren; onChange: (value: T) => void };

/** A select over a fixed list: what it hands on is one of `options` (the list is the guard), each shown by `label`. */
export function Choice<T extends string>({ value, options, label, onChange, ...rest }: ChoiceProps<T>) {
  const chosen = (e: JSX.TargetedEvent<HTMLSelectElement>) => {
    const picked = options.find((o) => o === e.currentTarget.value);
    if (picked !== undefined) onChange(picked);
  };
  return (
    <select {...rest} value={value} onChange={chosen}>
      {options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </select>
  );
}

/** The field errors of an ApiError by field name (for Field's `error`). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (error instanceof ApiError) for (const e of error.problem?.errors ?? []) if (e.field) out[e.field.replace(/^\/|^body\.?/, '')] = e.message;
  return out;
}

/** A failure, said plainly: the problem's title and detail, and each bad field. */
export function ErrorBanner({ error }: { error: unknown }) {
  const t = useT();
  if (!error) return null;
  const api = error instanceof ApiError ? error : null;
  const status = api?.status;
  const detail = api ? (api.problem?.detail ?? api.message) : error instanceof Error ? error.message : String(error);
  const title = status === 0 ? t('error.network') : status === 403 && api?.code === 'csrf_failed' ? t('error.csrf') : status === 403 ? t('error.forbidden') : (api?.problem?.title ?? detail);
  const fields = api?.problem?.errors ?? [];
  return (
    <div class="banner banner-error" role="alert">
      <strong>{title}</strong>
      {detail && detail !== title ? <p>{detail}</p> : null}
      {fields.length ? (
        <ul>
          {fields.map((e, i) => (
            <li key={i}>
              {e.field ? <code>{e.field}</code> : null} {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const BADGE: Record<string, string> = { queued: 'queued', rendering: 'running', running: 'running', completed: 'completed', succeeded: 'completed', failed: 'failed', canceled: 'cancelled', cancelled: 'cancelled' };

/** A job (or run) status as a coloured, translated badge. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  const key = `status.${status}`;
  const label = t(key);
  return <span class={cx('badge', `badge-${BADGE[status] ?? 'queued'}`)}>{label === key ? status : label}</span>;
}

/**
 * A wide table's horizontal scroller: a labelled region keyboard users can
 * focus and scroll with the arrow keys (use it instead of a bare div.table-wrap).
 */
export function TableWrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A data table in its scroller: a header cell per column, the rows as children. */
export function DataTable({ label, columns, children }: { label: string; columns: readonly ComponentChildren[]; children: ComponentChildren }) {
  return (
    <TableWrap label={label}>
      <table class="data">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  );
}

/** The language picker: the interface's language, named in itself. */
export function LanguageSelect({ class: cls, labelClass }: { class: string; labelClass?: string }) {
  const t = useT();
  const lang = useLang();
  return (
    <label class={cls}>
      <span class={labelClass}>{t('nav.language')}</span>
      <select value={lang} onChange={(e) => isLang(e.currentTarget.value) && setLang(e.currentTarget.value)}>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANG_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What a list shows when there is nothing in it. */
export function Empty({ children }: { children: ComponentChildren }) {
  return <div class="empty">{children}</div>;
}

/** A polite "loading" line for screen readers and eyes. */
export function Loading() {
  const t = useT();
  return (
    <p class="muted loading" role="status">
      <span class="spinner" aria-hidden="true" /> {t('common.loading')}
    </p>
  );
}

/** A modal dialog (the native one: focus stays inside, Escape closes, the page behind is inert). */
export function Dialog({ open, title, onClose, children, wide }: { open: boolean; title: string; onClose: () => void; children: ComponentChildren; wide?: boolean }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `dlg${useId()}`;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      class={cx('dialog', wide && 'dialog-wide')}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div class="dialog-body">
        <header class="dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" class="btn btn-ghost icon" onClick={onClose} aria-label={t('common.close')}>
            ×
          </button>
        </header>
        {open ? children : null}
      </div>
    </dialog>
  );
}

export type ToastKind = 'info' | 'success' | 'error';
interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}
let toasts: ToastItem[] = [];
let nextToast = 1;
const toastListeners = new Set<(t: ToastItem[]) => void>();
const emitToasts = () => toastListeners.forEach((l) => l(toasts));

/** Shows a short message in the corner (read out by screen readers); it goes away by itself. */
export function notify(message: string, kind: ToastKind = 'info'): void {
  const id = nextToast++;
  toasts = [...toasts, { id, message, kind }];
  emitToasts();
  setTimeout(() => {
    toasts = toasts.filter((x) => x.id !== id);
    emitToasts();
  }, kind === 'error' ? 8000 : 4500);
}

/** Where notify() messages appear; mounted once by the layout. */
export function Toasts() {
  const t = useT();
  const [items, set] = useState(toasts);
  useEffect(() => {
    toastListeners.add(set);
    return () => void toastListeners.delete(set);
  }, []);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {items.map((x) => (
        <div key={x.id} class={cx('toast', `toast-${x.kind}`)}>
          <span>{x.message}</span>
          <button
            type="button"
            class="btn btn-ghost icon"
            aria-label={t('common.dismiss')}
            onClick={() => {
              toasts = toasts.filter((y) => y.id !== x.id);
              emitToasts();
            }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** "Next page" for cursor lists; hidden when there is no next page. */
export function Pager({ nextCursor, onNext, onFirst }: { nextCursor?: string | null; onNext: (cursor: string) => void; onFirst?: () => void }) {
  const t = useT();
  if (!nextCursor && !onFirst) return null;
  return (
    <nav class="pager" aria-label={t('common.pages')}>
      {onFirst ? (
        <Button kind="ghost" onClick={onFirst}>
          {t('common.firstPage')}
        </Button>
      ) : null}
      {nextCursor ? <Button onClick={() => onNext(nextCursor)}>{t('common.nextPage')}</Button> : null}
    </nav>
  );
}

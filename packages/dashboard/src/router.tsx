/**
 * Path-based routing under /dashboard/: the History API, links that navigate
 * without reloading, and the query string as page state (filters, cursors).
 */
import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/dashboard';

export interface Location {
  /** The path inside the app, e.g. `/renders/abc` (`/` for the overview). */
  path: string;
  query: URLSearchParams;
}

function read(): Location {
  let path = window.location.pathname;
  if (path.startsWith(BASE)) path = path.slice(BASE.length);
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, query: new URLSearchParams(window.location.search) };
}

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => {
  for (const l of listeners) l();
});

/** The full URL of an app path (`/renders` → `/dashboard/renders`). */
export function href(path: string): string {
  return path === '/' ? `${BASE}/` : `${BASE}${path}`;
}

/** Goes to an app path (with an optional query string), adding to the history unless `replace`. */
export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  const url = href(path);
  if (opts.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  for (const l of listeners) l();
  if (!opts.replace) window.scrollTo(0, 0);
}

/** The current location, re-rendering on every navigation. */
export function useLocation(): Location {
  const [loc, set] = useState(read);
  useEffect(() => {
    const l = () => set(read());
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return loc;
}

/** Replaces the query string of the current page (keeps history clean while filtering). */
export function setQuery(params: Record<string, string | undefined>): void {
  const loc = read();
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  navigate(`${loc.path}${s ? `?${s}` : ''}`, { replace: true });
}

/** Matches `/renders/:id` against a path; the params, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const want = p[i]!;
    const got = s[i]!;
    if (want.startsWith(':')) {
      if (!got) return null;
      params[want.slice(1)] = decodeURIComponent(got);
    } else if (want !== got) return null;
  }
  return params;
}

type AnchorProps = Omit<JSX.HTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children?: ComponentChildren };

/** A link to an app path; a plain click navigates in place, modified clicks open as usual. */
export function Link({ to, onClick, ...rest }: AnchorProps) {
  return (
    <a
      {...rest}
      href={href(to)}
      onClick={(e) => {
        onClick?.call(e.currentTarget, e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}

/**
 * The live job feed: one EventSource on /dashboard/api/events for the whole
 * app (opened while signed in), fanned out to every component that listens.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { Job } from './model';
import { hasScope } from './session';

type Listener = (job: Job) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

function open(): void {
  // The feed needs renders:read; without it there is nothing to listen to.
  if (source || !hasScope('renders:read')) return;
  source = new EventSource('/dashboard/api/events', { withCredentials: true });
  source.addEventListener('job', (e) => {
    let job: Job;
    try {
      if (!(e instanceof MessageEvent) || typeof e.data !== 'string') return;
      // The service's event stream sends job views as its REST routes do.
      job = JSON.parse(e.data) as Job;
    } catch {
      return;
    }
    for (const l of listeners) l(job);
  });
}

function close(): void {
  source?.close();
  source = null;
}

/** Calls `onJob` with every job change while the component is mounted. */
export function useJobEvents(onJob: Listener): void {
  const ref = useRef(onJob);
  ref.current = onJob;
  useEffect(() => {
    const l: Listener = (job) => ref.current(job);
    listeners.add(l);
    open();
    return () => {
      listeners.delete(l);
      if (listeners.size === 0) close();
    };
  }, []);
}

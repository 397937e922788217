/**
 * The service's Prometheus metrics (prom-client), one registry per process:
 * HTTP request durations, render durations and queue waits, renders in flight,
 * webhook deliveries by outcome, ingest durations by medium, store and storage
 * errors, and the process's own default metrics. Jobs by status are counted in
 * the store when the registry is scraped.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly renderDuration: Histogram<'template' | 'outcome'>;
  readonly queueWait: Histogram<'template'>;
  readonly rendersInFlight: Gauge<'worker'>;
  readonly webhookDeliveries: Counter<'outcome'>;
  readonly ingestDuration: Histogram<'medium' | 'outcome'>;
  readonly storeErrors: Counter;
  readonly storageErrors: Counter<'operation'>;
  /** Jobs per status, filled by whoever can count them (the queue module) at scrape time. */
  readonly jobs: Gauge<'status'>;

  constructor(defaults = true) {
    const registers = [this.registry];
    if (defaults) collectDefaultMetrics({ register: this.registry, prefix: 'aqcast_' });
    this.httpDuration = new Histogram({ name: 'aqcast_http_request_duration_seconds', help: 'HTTP requests by route pattern and status', labelNames: ['method', 'route', 'status_code'], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30], registers });
    this.renderDuration = new Histogram({ name: 'aqcast_render_duration_seconds', help: 'Render attempts by template and outcome', labelNames: ['template', 'outcome'], buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600], registers });
    this.queueWait = new Histogram({ name: 'aqcast_queue_wait_seconds', help: 'Time from a job being due to a worker claiming it', labelNames: ['template'], buckets: [0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600], registers });
    this.rendersInFlight = new Gauge({ name: 'aqcast_renders_in_flight', help: 'Renders running now, per worker loop of this process', labelNames: ['worker'], registers });
    this.webhookDeliveries = new Counter({ name: 'aqcast_webhook_delivery_attempts_total', help: 'Webhook delivery attempts by outcome', labelNames: ['outcome'], registers });
    this.ingestDuration = new Histogram({ name: 'aqcast_ingest_duration_seconds', help: 'Bulletin extractions by medium and outcome', labelNames: ['medium', 'outcome'], buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60], registers });
    this.storeErrors = new Counter({ name: 'aqcast_store_errors_total', help: 'Queries the database answered with an error', registers });
    this.storageErrors = new Counter({ name: 'aqcast_storage_errors_total', help: 'Storage operations that failed', labelNames: ['operation'], registers });
    this.jobs = new Gauge({ name: 'aqcast_jobs', help: 'Render jobs by status (counted in the store at scrape time)', labelNames: ['status'], registers });
  }

  private collectors: (() => Promise<void>)[] = [];

  /** Runs before each scrape (e.g. counting jobs by status in the store). */
  onScrape(collect: () => Promise<void>): void {
    this.collectors.push(collect);
  }

  /** The Prometheus text exposition. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    await Promise.all(this.collectors.map((c) => c().catch(() => {})));
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/**
 * Events: what happened (`render.completed`, `ingest.completed`, …), recorded
 * in the outbox inside the transaction of the state change that caused it.
 * Modules declare the types they emit and publish through the {@link EventBus};
 * the webhooks module is the sink that stores and delivers them.
 */
import type { Executor } from './store/database.js';

/** An event type a module emits, with what its `data` holds (for docs and validation). */
export interface EventTypeDefinition {
  type: string;
  description: string;
}

export interface EventSink {
  /** Records the event for every subscriber, inside `trx`. */
  record(trx: Executor, type: string, data: unknown): Promise<void>;
}

/** The one place modules publish events through; the webhooks module attaches itself as the sink. */
export class EventBus {
  private sink: EventSink | null = null;
  private readonly declared = new Map<string, EventTypeDefinition>();

  declare(definitions: readonly EventTypeDefinition[]): void {
    for (const d of definitions) {
      if (this.declared.has(d.type)) throw new Error(`event type ${d.type} is declared twice`);
      this.declared.set(d.type, d);
    }
  }

  /** Every declared type, in declaration order. */
  types(): EventTypeDefinition[] {
    return [...this.declared.values()];
  }

  attach(sink: EventSink): void {
    this.sink = sink;
  }

  /** Records `type` with `data` inside `trx`: it exists exactly when that transaction commits. */
  async publish(trx: Executor, type: string, data: unknown): Promise<void> {
    if (!this.declared.has(type)) throw new Error(`event type ${type} was never declared by a module`);
    if (!this.sink) throw new Error('no event sink attached (the webhooks module is missing from the module list)');
    await this.sink.record(trx, type, data);
  }
}

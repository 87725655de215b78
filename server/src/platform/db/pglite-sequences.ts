/**
 * pglite-socket serves one PGlite session to many connections by queueing their protocol
 * messages one at a time. It keeps a transaction's messages together, but not an extended-query
 * sequence (Parse, Bind, Describe, Execute ... up to Sync): two connections' sequences could
 * interleave, so one connection's Bind used another's unnamed statement. A query then ran with
 * another request's parameters or answered another query's rows, which for a multi-tenant app
 * could show one park another's data.
 *
 * This replaces the queue's scheduler (pglite-socket is pinned at 0.2.17, whose queue this reads)
 * so that once a connection starts a sequence, only its messages run until its Sync (or a simple
 * Query), as within a transaction. The database test suite drives concurrent sequences next to an
 * open transaction to hold this.
 */
interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(err: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: {
    isInTransaction(): boolean;
    runExclusive<T>(fn: () => Promise<T>): Promise<T>;
    execProtocolRawStream(message: Uint8Array, opts: { onRawData(data: Uint8Array): void }): Promise<unknown>;
  };
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
/** Parse, Bind, Describe, Execute, Close, Flush: they open or continue a sequence. */
const IN_SEQUENCE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

export function keepProtocolSequencesTogether(server: object): void {
  const q = (server as { queryQueue?: QueryQueue }).queryQueue;
  if (!q || !Array.isArray(q.queue) || typeof q.processQueue !== 'function') {
    throw new Error('pglite-socket internals changed: review platform/db/pglite-sequences.ts before upgrading');
  }
  let midSequence: number | null = null;

  q.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = midSequence ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        let item: QueuedMessage | undefined;
        if (owner !== null) {
          const at = this.queue.findIndex((m) => m.handlerId === owner);
          if (at === -1) break; // that connection's next message will restart the queue
          item = this.queue.splice(at, 1)[0];
        } else {
          item = this.queue.shift();
        }
        if (!item) break;
        const type = item.message[0];
        if (type === SYNC || type === SIMPLE_QUERY || type === TERMINATE) midSequence = null;
        else if (IN_SEQUENCE.has(type)) midSequence = item.handlerId;
        let bytes = 0;
        const current = item;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (err) {
          if (midSequence === current.handlerId) midSequence = null;
          current.reject(err);
          continue;
        }
        this.lastHandlerId = current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }.bind(q);

  // A connection that goes away mid-sequence must not hold the others back.
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId: number) => {
    if (midSequence === handlerId) midSequence = null;
    clear(handlerId);
    void q.processQueue();
  };
}

import { onSchemaMayHaveChanged } from '../projects/schema-epoch'
import { withProjectSession } from '../projects/project-db'
import { projectTarget } from '../projects/targets'
import { recordRealtimeEvent } from '../logs/realtime-log'
import type { Binding, Member } from './member'
import { PUBLISHED_TABLES_SQL, REALTIME_PUBLICATION } from './publication-sql'
import { followTable } from './triggers'

/**
 * `postgres_changes` obey the `supabase_realtime` publication, as Supabase Realtime's do
 * (its `Subscriptions.create` and `SubscriptionManager`'s `check_oids`):
 * - a join whose bindings name a table the publication lacks (or, for `*`, a schema none of whose
 *   tables it has) is answered ok, then told by a `system` message with status `error` ("Unable
 *   to subscribe to changes with given parameters...") and gets no changes, not even once the
 *   table is added: the client subscribes again;
 * - the changes of a subscribed member's table stream only while the table is published, with
 *   the change's operation published (the trigger reads the publication, setup-sql.ts);
 * - when the publication's tables change, every subscribed member is subscribed again: one whose
 *   tables are all still published gets `Subscribed to PostgreSQL` again (a `*` binding now
 *   follows the schema's newly published tables), one whose table left is told the error and
 *   gets nothing more. Realtime looks every 60 s; here a change made through this instance's SQL
 *   (the schema epoch) is looked at at once, and on a server, where another instance or a client
 *   of the database may change it, every POLL_MS too.
 */

export type PublishedTable = { schema: string; table: string; oid: number }

/** A server's look for changes this instance did not see made. */
const POLL_MS = 5_000
/** A statement's epoch move is looked at this long after (several statements of a script, one look). */
const SETTLE_MS = 30

/** The tables `supabase_realtime` publishes now. */
export async function publishedTables(ref: string): Promise<PublishedTable[]> {
  const result = await withProjectSession(ref, (session) => session.extended(PUBLISHED_TABLES_SQL, [REALTIME_PUBLICATION]))
  return result.rows.map((r) => ({ schema: String(r.schema), table: String(r.table), oid: Number(r.oid) }))
}

/** Whether the publication has the binding's table (for `*`, a table of its schema). */
export const bindingPublished = (b: Pick<Binding, 'schema' | 'table'>, tables: PublishedTable[]) =>
  tables.some((t) => t.schema === b.schema && (b.table === '*' || t.table === b.table))

/** Realtime's words for a subscription that names no published table. */
export function notPublishedMessage(b: Binding): string {
  const filters = b.filter ? `[${b.filter.raw}]` : '[]'
  return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: ${filters}]`
}

/** The first binding of the member the publication does not cover, or null. */
export const unpublishedBinding = (bindings: Binding[], tables: PublishedTable[]) => bindings.find((b) => !bindingPublished(b, tables)) ?? null

/** A `system` message of the postgres_changes extension on the member's channel. */
export function pushChangesStatus(member: Member, status: 'ok' | 'error', message: string): void {
  const channel = member.wire.replace(/^realtime:/, '')
  member.link.push(member.wire, 'system', { status, message, extension: 'postgres_changes', channel }, null, member.joinRef)
}

export const SUBSCRIBED_MESSAGE = 'Subscribed to PostgreSQL'

export type WatchedHub = {
  /** The projects with subscribed change members here. */
  refs(): string[]
  /** Their subscribed change members. */
  subscribed(ref: string): Member[]
  /** Stops a member's changes: its tables are no longer published. */
  drop(member: Member, message: string): void
}

export class PublicationWatch {
  private signatures = new Map<string, string>()
  private checks = new Map<string, Promise<PublishedTable[]>>()
  private pending = new Set<string>()
  private readonly poll: NodeJS.Timeout
  private readonly stopListening: () => void

  constructor(private readonly hub: WatchedHub) {
    this.stopListening = onSchemaMayHaveChanged((ref) => {
      if (this.hub.refs().includes(ref)) this.schedule(ref, SETTLE_MS)
    })
    this.poll = setInterval(() => {
      for (const ref of this.hub.refs()) if (projectTarget(ref).kind === 'postgres') this.schedule(ref, 0)
    }, POLL_MS)
    this.poll.unref()
  }

  /** The publication's tables now; when they changed since last seen, the project's members are subscribed again first. */
  current(ref: string): Promise<PublishedTable[]> {
    const previous = this.checks.get(ref) ?? Promise.resolve([])
    const next = previous.catch(() => []).then(() => this.check(ref))
    this.checks.set(ref, next)
    void next.catch(() => {}).finally(() => {
      if (this.checks.get(ref) === next) this.checks.delete(ref)
    })
    return next
  }

  private schedule(ref: string, ms: number): void {
    if (this.pending.has(ref)) return
    this.pending.add(ref)
    setTimeout(() => {
      this.pending.delete(ref)
      this.current(ref).catch((error: unknown) =>
        recordRealtimeEvent({ ref, level: 'warning', message: `the ${REALTIME_PUBLICATION} publication could not be read: ${(error as Error).message}` })
      )
    }, ms).unref()
  }

  private async check(ref: string): Promise<PublishedTable[]> {
    const tables = await publishedTables(ref)
    const signature = tables.map((t) => t.oid).join(',')
    const before = this.signatures.get(ref)
    this.signatures.set(ref, signature)
    if (before !== undefined && before !== signature) await this.resubscribe(ref, tables)
    return tables
  }

  private async resubscribe(ref: string, tables: PublishedTable[]): Promise<void> {
    recordRealtimeEvent({ ref, level: 'info', message: `the ${REALTIME_PUBLICATION} publication changed: its subscribers subscribe again` })
    for (const member of this.hub.subscribed(ref)) {
      const missing = unpublishedBinding(member.bindings, tables)
      if (missing) {
        this.hub.drop(member, notPublishedMessage(missing))
        continue
      }
      try {
        // A `*` binding follows the tables of its schema published since (their triggers).
        const schemas = new Set(member.bindings.filter((b) => b.table === '*').map((b) => b.schema))
        for (const schema of schemas) await followTable(ref, schema, '*', member.caller.role)
        pushChangesStatus(member, 'ok', SUBSCRIBED_MESSAGE)
      } catch (error) {
        this.hub.drop(member, `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${(error as Error).message}`)
      }
    }
  }

  /** Forgets a project no member here follows any more. */
  forget(ref: string): void {
    this.signatures.delete(ref)
  }

  close(): void {
    clearInterval(this.poll)
    this.stopListening()
    this.signatures.clear()
  }
}

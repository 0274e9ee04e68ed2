import type { CancelQueryResponse, RunningQueriesResponse } from '@/lib/api-types/advisors'
import type { RunningQuery } from '@/lib/advisors/query-performance'
import { notFound } from '../http/errors'
import { withEngine } from './database-cache'

/**
 * What runs now in a project's database, as the platform reads it (issue 22): the members' roles
 * cannot see the sessions of the connection string's role or of the project API's (Postgres shows
 * a session's state and text only to members of its role, and neither is one members' SQL may
 * become), so the platform reads pg_stat_activity with its privileged role, scoped to the
 * project's own database, and cancels only a statement of that database. The platform's own
 * connections (application_name `dashboard-platform`) are not listed.
 */

const PLATFORM_APPLICATION = 'dashboard-platform'

const ACTIVITY_SQL = `select a.pid, a.usename::text as role, a.application_name, a.state, a.query, a.query_start::text as query_start,
  extract(epoch from (clock_timestamp() - a.query_start))::float8 as seconds,
  case when a.wait_event is null then null else a.wait_event_type || ': ' || a.wait_event end as wait_event
from pg_catalog.pg_stat_activity a
where a.pid <> pg_catalog.pg_backend_pid() and a.datname = current_database()
  and a.backend_type = 'client backend' and a.state is not null and a.state <> 'idle'
  and a.application_name <> $1
order by a.query_start nulls last
limit 100`

const CANCEL_SQL = `select pg_catalog.pg_cancel_backend(a.pid) as cancelled
from pg_catalog.pg_stat_activity a
where a.pid = $1 and a.datname = current_database() and a.backend_type = 'client backend' and a.application_name <> $2`

export async function projectActivity(ref: string): Promise<RunningQueriesResponse> {
  return withEngine(ref, async (engine) => {
    if (!engine.privilegedRows) return { embedded: true, queries: [] }
    return { embedded: false, queries: (await engine.privilegedRows(ACTIVITY_SQL, [PLATFORM_APPLICATION])) as RunningQuery[] }
  })
}

export async function cancelProjectQuery(ref: string, pid: number): Promise<CancelQueryResponse> {
  return withEngine(ref, async (engine) => {
    if (!engine.privilegedRows) throw notFound(`No query runs as process ${pid}: the embedded database runs one statement at a time, so no other query is running to cancel`)
    const [row] = await engine.privilegedRows(CANCEL_SQL, [pid, PLATFORM_APPLICATION])
    if (!row) throw notFound(`No session of this project's database has process id ${pid}: its query may have finished`)
    return { cancelled: row.cancelled === true }
  })
}

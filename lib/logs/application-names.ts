/**
 * Who ran a statement, as the anchor's dashboard says it in `x-pg-application-name` (its pg-meta
 * uses it as Postgres's application_name): its own look-ups as `supabase/dashboard`, what a member
 * writes in the SQL editor as `supabase/dashboard-query-editor`. The logs keep the name, and hide
 * the dashboard's own statements and requests unless asked (issue 26). Pure, shared.
 */

export const APPLICATION_NAME_HEADER = 'x-pg-application-name'
/** The dashboard's own queries: catalogue reads, screens' look-ups, the table editor. */
export const DASHBOARD_APPLICATION_NAME = 'supabase/dashboard'
/** What a member runs in the SQL editor: their own statements, shown in the logs by default. */
export const QUERY_EDITOR_APPLICATION_NAME = 'supabase/dashboard-query-editor'

const NAME = /^[\x20-\x7e]{1,64}$/

/** The header's value when it is a name Postgres would take (printable ASCII, at most 64 characters), else null. */
export function applicationNameOf(value: string | undefined): string | null {
  return value !== undefined && NAME.test(value) ? value : null
}

/** Whether a statement of this application is the dashboard's own (hidden in the logs by default). */
export function isDashboardApplication(name: string | null | undefined): boolean {
  return name === DASHBOARD_APPLICATION_NAME || Boolean(name?.startsWith(`${DASHBOARD_APPLICATION_NAME}/`))
}

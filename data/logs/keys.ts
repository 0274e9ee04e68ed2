/** Cache keys of a project's logs. */
export const logsKeys = {
  all: (projectRef: string | undefined) => ['projects', projectRef, 'logs'] as const,
  lines: (projectRef: string | undefined, filters: ProjectLogsFilters) => ['projects', projectRef, 'logs', 'lines', filters] as const,
}

/** What the explorer asks for; the time range is a preset (its end is "now" at each fetch). */
export type ProjectLogsFilters = {
  /** One source, or several (the unified view's chips), or `all`. */
  sources: string[] | 'all'
  /** Length of the range ending now, in milliseconds. */
  rangeMs: number
  search: string
  level: string | null
  /** Show the dashboard's own requests and statements too (hidden by default). */
  includeDashboard?: boolean
}

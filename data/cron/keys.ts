/** Cache keys of a project's cron jobs and their runs. */
export const cronKeys = {
  jobs: (projectRef: string | undefined) => ['projects', projectRef, 'cron', 'jobs'] as const,
  runs: (projectRef: string | undefined, jobId: number | undefined, page?: { limit: number; offset: number }) =>
    page
      ? (['projects', projectRef, 'cron', 'runs', jobId, page.limit, page.offset] as const)
      : (['projects', projectRef, 'cron', 'runs', jobId] as const),
}

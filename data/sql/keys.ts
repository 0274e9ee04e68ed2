export const sqlKeys = {
  /** A read query on a project's database, keyed by a stable name and its inputs. */
  query: (projectRef: string | undefined, name: string, ...inputs: unknown[]) => ['projects', projectRef, 'sql', name, ...inputs] as const,
}

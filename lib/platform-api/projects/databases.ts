/** Closes every open project database (tests and shutdown). */
export async function closeAllProjectDatabases(): Promise<void> {}

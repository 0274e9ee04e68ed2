import type { ProjectSession, RawResult } from './engines'
import { quoteIdent } from './jail'
import { sqlError } from './member-sql-classify'

/**
 * CREATE [UNIQUE] INDEX CONCURRENTLY for a member. Postgres refuses it inside a transaction
 * block and inside a function, so it cannot run in the jail (jail.ts). On a Postgres server the
 * platform sends the member's one statement by itself, outside any transaction, over the extended
 * protocol (exactly one statement), after `SET ROLE` to the member's role: it runs with the
 * project owner's rights and no more (the session's user is the project's dashboard role, a
 * member of the owner; Postgres builds the index, its expressions and predicate included, as the
 * table's owner in a security-restricted operation, which cannot change role). On PGlite the
 * session's user is the superuser, and its one session runs one statement at a time, so a plain
 * CREATE INDEX blocks no one: CONCURRENTLY is refused there with a hint saying so.
 */
export async function runConcurrentIndex(
  session: ProjectSession,
  run: { role: string; roles: { owner: string }; singleTenant: boolean },
  statement: { text: string },
  inScript: boolean
): Promise<RawResult> {
  if (run.role !== 'owner') throw sqlError('25006', 'cannot execute CREATE INDEX in a read-only transaction')
  if (run.singleTenant) {
    throw sqlError(
      '0A000',
      'CREATE INDEX CONCURRENTLY runs only on a Postgres server, not on PGlite',
      'PGlite runs one statement at a time, so CREATE INDEX without CONCURRENTLY blocks nothing else: leave CONCURRENTLY out.'
    )
  }
  if (inScript) throw sqlError('25001', 'CREATE INDEX CONCURRENTLY cannot run inside a transaction block', 'Run it alone, without BEGIN, COMMIT or other statements.')
  await session.simple(`set role ${quoteIdent(run.roles.owner)}`)
  try {
    const result = await session.extended(statement.text, [])
    return { ...result, command: 'CREATE', rows: [], fields: [] }
  } finally {
    await session.simple('reset role')
  }
}

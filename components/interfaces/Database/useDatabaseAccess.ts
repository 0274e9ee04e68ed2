import { useProjectConnection } from '@/components/interfaces/TableEditor/useProjectConnection'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { isPlatform } from '@/lib/config'

/** Why write controls are disabled for a Read-only member (spec §6). */
export const READ_ONLY_REASON = 'Read-only members cannot change the database. Ask an Owner, Admin or Developer.'

/**
 * The project's database connection plus whether the signed-in member may change the database.
 * spec §6: checks apply on the hosted platform only; there a Read-only member's SQL runs in a
 * read-only transaction, so write controls are disabled with the reason rather than left to fail.
 * While the role is unknown the controls stay enabled: the platform still refuses what it must.
 */
export function useDatabaseAccess(projectRef: string) {
  const connection = useProjectConnection(projectRef)
  const platform = isPlatform()
  const organizations = useOrganizationsQuery({ enabled: platform })
  const role = organizations.data?.find((org) => org.id === connection.project?.organization_id)?.role
  const readOnly = platform && role === 'Read-only'
  return {
    ...connection,
    db: { projectRef, connectionString: connection.connectionString },
    canWrite: !readOnly,
    writeBlockedReason: readOnly ? READ_ONLY_REASON : null,
  }
}

export type DatabaseAccess = ReturnType<typeof useDatabaseAccess>

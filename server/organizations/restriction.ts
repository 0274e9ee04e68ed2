import { audit, type OrganizationRow } from '../access'
import type { Db } from '../db/types'

export type RestrictionStatus = NonNullable<OrganizationRow['restriction_status']>

/**
 * Sets an organization's restriction state (spec §4: normal → grace_period → grace_period_over →
 * restricted). For the seed and operators only: no endpoint lets users change it.
 */
export async function setOrganizationRestriction(
  db: Db,
  organizationId: number,
  status: RestrictionStatus | null,
  gracePeriodEnd: Date | null = null
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('update platform.organizations set restriction_status = $2, grace_period_end = $3 where id = $1', [
      organizationId,
      status,
      status ? gracePeriodEnd : null,
    ])
    await audit(tx, {
      userId: null,
      organizationId,
      action: 'organization.restriction_changed',
      metadata: { restriction_status: status, grace_period_end: gracePeriodEnd?.toISOString() ?? null },
    })
  })
}

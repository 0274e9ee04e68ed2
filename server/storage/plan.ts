import { isPlanId, type PlanId } from '@/lib/catalogue/plans'
import { getServerConfig } from '@/lib/config'
import { imageTransformationsIncluded } from '@/lib/storage/limits'
import { getStore } from '../db/store'
import { StorageApiError } from './errors'

/**
 * The plan that decides a project's storage limits: its organization's (self-hosted: enterprise,
 * which limits nothing the catalogue prices).
 */
export async function storagePlanOf(ref: string): Promise<PlanId> {
  if (!getServerConfig().isPlatform) return 'enterprise'
  const { rows } = await (await getStore()).query<{ plan_id: string }>(
    'select o.plan_id from platform.projects p join platform.organizations o on o.id = p.organization_id where p.ref = $1',
    [ref]
  )
  return rows[0] && isPlanId(rows[0].plan_id) ? rows[0].plan_id : 'free'
}

/** 403 unless the project's plan includes image transformations (the feature matrix: not the Free plan). */
export async function requireImageTransformations(ref: string): Promise<void> {
  if (imageTransformationsIncluded(await storagePlanOf(ref))) return
  throw new StorageApiError(
    403,
    'FeatureNotEnabled',
    'Image transformations are not included in the Free plan: upgrade the organization to Pro to transform images'
  )
}

import { COMPUTE_SIZES, DEFAULT_COMPUTE_SIZE_ID, type ComputeSizeId } from '@/lib/catalogue/compute-sizes'
import { SELF_SERVE_PLAN_IDS, type PlanId, type SelfServePlanId } from '@/lib/catalogue/plans'

// The generator is shared with Project settings' database password (lib/database-password.ts).
export { GENERATED_PASSWORD_LENGTH, generateStrongPassword } from '@/lib/database-password'

/** spec §2: the `plan` query parameter (free, pro or team); anything else is ignored. */
export function planFromQuery(value: string | string[] | undefined): SelfServePlanId | null {
  const plan = typeof value === 'string' ? value.toLowerCase() : undefined
  return (SELF_SERVE_PLAN_IDS as readonly string[]).includes(plan ?? '') ? (plan as SelfServePlanId) : null
}

/** The smallest size is the only one of the free plan (the platform refuses others there). */
export const FREE_PLAN_COMPUTE_SIZE_ID: ComputeSizeId = COMPUTE_SIZES[0].id

/** Compute sizes the organization's plan can run. */
export function isComputeSizeAvailable(sizeId: ComputeSizeId, orgPlan: PlanId | undefined): boolean {
  return orgPlan !== 'free' || sizeId === FREE_PLAN_COMPUTE_SIZE_ID
}

/** The size preselected for a plan: the free one on Free, otherwise the default the Pro credits cover. */
export function defaultComputeSizeFor(orgPlan: PlanId | undefined): ComputeSizeId {
  return orgPlan === 'free' ? FREE_PLAN_COMPUTE_SIZE_ID : DEFAULT_COMPUTE_SIZE_ID
}

/** "0.5 GB", "1 GB", "16 GB". */
export function formatMemory(gb: number): string {
  return `${gb} GB`
}

/** Disk throughput: "43 MB/s baseline, up to 2,085 MB/s". */
export function formatDiskIo(baseline: number, max: number): string {
  const fmt = (n: number) => n.toLocaleString('en-US')
  return baseline === max ? `${fmt(baseline)} MB/s` : `${fmt(baseline)} MB/s baseline, up to ${fmt(max)} MB/s`
}

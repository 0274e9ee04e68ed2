import { COMPUTE_SIZES, DEFAULT_COMPUTE_SIZE_ID, type ComputeSizeId } from '@/lib/catalogue/compute-sizes'
import { SELF_SERVE_PLAN_IDS, type PlanId, type SelfServePlanId } from '@/lib/catalogue/plans'

/** Letters and digits without look-alikes (0/O, 1/l/I): easy to read back, still ~5.8 bits each. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
/** 24 characters of that alphabet: about 139 bits, far past the strength the platform requires. */
export const GENERATED_PASSWORD_LENGTH = 24

/** A random database password from the browser's cryptographic generator (rejection sampling: no bias). */
export function generateStrongPassword(
  length: number = GENERATED_PASSWORD_LENGTH,
  random: (array: Uint8Array) => Uint8Array = (array) => crypto.getRandomValues(array)
): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length)
  let result = ''
  while (result.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte >= limit) continue
      result += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]
      if (result.length === length) break
    }
  }
  return result
}

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

import { z } from 'zod'
import { CLOUD_PROVIDERS, DEFAULT_CLOUD_PROVIDER, type CloudProvider } from '@/lib/catalogue/cloud-providers'
import { DEFAULT_REGION_CODE, regionsForProvider } from '@/lib/catalogue/regions'

export const availableRegionsQuery = z.object({
  cloud_provider: z.enum(CLOUD_PROVIDERS, `must be one of ${CLOUD_PROVIDERS.join(', ')}`).default(DEFAULT_CLOUD_PROVIDER),
})

/** Regions a new project of the organization may use, with the recommended one (spec §3: Southeast Asia). */
export function availableRegions(provider: CloudProvider) {
  const regions = regionsForProvider(provider)
  // The provider's own set may not hold the default code (FLY has one region): then its first.
  const recommended = regions.find((r) => r.code === DEFAULT_REGION_CODE) ?? regions[0]
  return {
    cloud_provider: provider,
    recommended: { ...recommended },
    regions: regions.map((r) => ({ ...r, recommended: r.code === recommended.code })),
  }
}

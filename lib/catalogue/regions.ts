/**
 * Regions a project can be deployed to (spec §3 "Regions").
 * Coordinates are the approximate city centre of each data-centre area, used to place
 * markers on the region map and to suggest the nearest region.
 */
import type { CloudProvider } from '@/lib/catalogue/cloud-providers'

export type RegionLocation = { latitude: number; longitude: number }

export type Region<Code extends string = string> = {
  code: Code
  displayName: string
  location: RegionLocation
}

export const AWS_REGION_CODES = [
  'us-west-1',
  'us-east-1',
  'us-east-2',
  'ca-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-central-2',
  'eu-north-1',
  'ap-south-1',
  'ap-southeast-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-southeast-2',
  'sa-east-1',
] as const
export type AwsRegionCode = (typeof AWS_REGION_CODES)[number]

/** spec §3: the 16 regions of the standard provider, in display order. */
export const AWS_REGIONS: readonly Region<AwsRegionCode>[] = [
  { code: 'us-west-1', displayName: 'West US (North California)', location: { latitude: 37.7749, longitude: -122.4194 } },
  { code: 'us-east-1', displayName: 'East US (North Virginia)', location: { latitude: 38.9072, longitude: -77.0369 } },
  { code: 'us-east-2', displayName: 'East US (Ohio)', location: { latitude: 39.9612, longitude: -82.9988 } },
  { code: 'ca-central-1', displayName: 'Canada (Central)', location: { latitude: 45.5017, longitude: -73.5673 } },
  { code: 'eu-west-1', displayName: 'West EU (Ireland)', location: { latitude: 53.3498, longitude: -6.2603 } },
  { code: 'eu-west-2', displayName: 'West Europe (London)', location: { latitude: 51.5072, longitude: -0.1276 } },
  { code: 'eu-west-3', displayName: 'West EU (Paris)', location: { latitude: 48.8566, longitude: 2.3522 } },
  { code: 'eu-central-1', displayName: 'Central EU (Frankfurt)', location: { latitude: 50.1109, longitude: 8.6821 } },
  { code: 'eu-central-2', displayName: 'Central Europe (Zurich)', location: { latitude: 47.3769, longitude: 8.5417 } },
  { code: 'eu-north-1', displayName: 'North EU (Stockholm)', location: { latitude: 59.3293, longitude: 18.0686 } },
  { code: 'ap-south-1', displayName: 'South Asia (Mumbai)', location: { latitude: 19.076, longitude: 72.8777 } },
  { code: 'ap-southeast-1', displayName: 'Southeast Asia (Singapore)', location: { latitude: 1.3521, longitude: 103.8198 } },
  { code: 'ap-northeast-1', displayName: 'Northeast Asia (Tokyo)', location: { latitude: 35.6762, longitude: 139.6503 } },
  { code: 'ap-northeast-2', displayName: 'Northeast Asia (Seoul)', location: { latitude: 37.5665, longitude: 126.978 } },
  { code: 'ap-southeast-2', displayName: 'Oceania (Sydney)', location: { latitude: -33.8688, longitude: 151.2093 } },
  { code: 'sa-east-1', displayName: 'South America (São Paulo)', location: { latitude: -23.5558, longitude: -46.6396 } },
]

export type FlyRegionCode = 'sin'

/** spec §3: the second region set (used by the FLY provider) has a single entry. */
export const FLY_REGIONS: readonly Region<FlyRegionCode>[] = [
  { code: 'sin', displayName: 'Singapore', location: { latitude: 1.3521, longitude: 103.8198 } },
]

export type RegionCode = AwsRegionCode | FlyRegionCode

/** spec §3: default region is Southeast Asia. */
export const DEFAULT_REGION_CODE: AwsRegionCode = 'ap-southeast-1'

/** Finds a region of either set by its code; undefined when unknown. */
export function findRegion(code: string): Region<RegionCode> | undefined {
  return [...AWS_REGIONS, ...FLY_REGIONS].find((region) => region.code === code)
}

/** The default region (Southeast Asia, Singapore). */
export const DEFAULT_REGION: Region<AwsRegionCode> = AWS_REGIONS.find(
  (region) => region.code === DEFAULT_REGION_CODE,
) as Region<AwsRegionCode>

/** The region set a cloud provider deploys to: FLY has its own, every AWS flavour shares the AWS set. */
export function regionsForProvider(provider: CloudProvider): readonly Region<RegionCode>[] {
  return provider === 'FLY' ? FLY_REGIONS : AWS_REGIONS
}

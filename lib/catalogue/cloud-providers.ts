/**
 * Cloud providers, marketplaces and the storage-engine check of a project (spec §3 "Project").
 */
import { isOneOf, labelOrValue, namesOf } from '@/lib/known-names'

export const CLOUD_PROVIDER_LABELS = { FLY: 'Fly.io', AWS: 'AWS', AWS_K8S: 'AWS (Kubernetes)', AWS_NIMBUS: 'AWS Nimbus' }
export type CloudProvider = keyof typeof CLOUD_PROVIDER_LABELS
export const CLOUD_PROVIDERS = namesOf(CLOUD_PROVIDER_LABELS)

export const DEFAULT_CLOUD_PROVIDER: CloudProvider = 'AWS'

export const MARKETPLACES = ['vercel', 'aws', 'direct'] as const
export type Marketplace = (typeof MARKETPLACES)[number]

/**
 * Name of the alternative Postgres storage engine. We chose `orioledb`: a project runs it
 * when its dbVersion string ends with this name (e.g. `17.0.1.070-orioledb`).
 */
export const ALTERNATIVE_STORAGE_ENGINE = 'orioledb'

/** True for the provider name when it is a known one. */
export function isCloudProvider(value: unknown): value is CloudProvider {
  return isOneOf(CLOUD_PROVIDERS, value)
}

/** The provider's human label, or the raw value when unknown. */
export function cloudProviderLabel(provider: string): string {
  return labelOrValue(CLOUD_PROVIDER_LABELS, provider)
}

/** spec §3: true for the Kubernetes-based provider (AWS_K8S). */
export function isKubernetesProvider(provider: string | null | undefined): boolean {
  return provider === 'AWS_K8S'
}

/** spec §3: true for the standard provider (plain AWS, not Kubernetes nor Nimbus). */
export function isStandardAwsProvider(provider: string | null | undefined): boolean {
  return provider === 'AWS'
}

/** spec §3: true when the dbVersion ends with the alternative storage engine's name. */
export function usesAlternativeStorageEngine(dbVersion: string | null | undefined): boolean {
  return typeof dbVersion === 'string' && dbVersion.endsWith(ALTERNATIVE_STORAGE_ENGINE)
}

/** spec §3: the combined check also requires the project to run on the standard provider. */
export function isAlternativeStorageEngineProject(project: {
  cloud_provider?: string | null
  dbVersion?: string | null
}): boolean {
  return isStandardAwsProvider(project.cloud_provider) && usesAlternativeStorageEngine(project.dbVersion)
}

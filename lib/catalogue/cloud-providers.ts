/**
 * Cloud providers, marketplaces and the storage-engine check of a project (spec §3 "Project").
 */

export const CLOUD_PROVIDERS = ['FLY', 'AWS', 'AWS_K8S', 'AWS_NIMBUS'] as const
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number]

export const CLOUD_PROVIDER_LABELS: Record<CloudProvider, string> = {
  FLY: 'Fly.io',
  AWS: 'AWS',
  AWS_K8S: 'AWS (Kubernetes)',
  AWS_NIMBUS: 'AWS Nimbus',
}

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
  return typeof value === 'string' && (CLOUD_PROVIDERS as readonly string[]).includes(value)
}

/** The provider's human label, or the raw value when unknown. */
export function cloudProviderLabel(provider: string): string {
  return isCloudProvider(provider) ? CLOUD_PROVIDER_LABELS[provider] : provider
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

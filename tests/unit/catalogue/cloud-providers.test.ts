import {
  ALTERNATIVE_STORAGE_ENGINE,
  CLOUD_PROVIDERS,
  CLOUD_PROVIDER_LABELS,
  MARKETPLACES,
  cloudProviderLabel,
  isAlternativeStorageEngineProject,
  isKubernetesProvider,
  isStandardAwsProvider,
  usesAlternativeStorageEngine,
} from '@/lib/catalogue/cloud-providers'

describe('cloud providers (spec §3)', () => {
  it('lists the four providers and three marketplaces', () => {
    expect(CLOUD_PROVIDERS).toEqual(['FLY', 'AWS', 'AWS_K8S', 'AWS_NIMBUS'])
    expect(CLOUD_PROVIDER_LABELS.AWS_NIMBUS).toBe('AWS Nimbus')
    expect(MARKETPLACES).toEqual(['vercel', 'aws', 'direct'])
  })

  it('labels unknown providers with their raw value', () => {
    expect(cloudProviderLabel('AWS_NIMBUS')).toBe('AWS Nimbus')
    expect(cloudProviderLabel('GCP')).toBe('GCP')
  })

  it('tells the Kubernetes provider from the standard one', () => {
    expect(isKubernetesProvider('AWS_K8S')).toBe(true)
    expect(isKubernetesProvider('AWS')).toBe(false)
    expect(isStandardAwsProvider('AWS')).toBe(true)
    expect(isStandardAwsProvider('AWS_K8S')).toBe(false)
    expect(isStandardAwsProvider('AWS_NIMBUS')).toBe(false)
    expect(isStandardAwsProvider(undefined)).toBe(false)
  })

  it('detects the alternative storage engine from the end of dbVersion', () => {
    expect(ALTERNATIVE_STORAGE_ENGINE).toBe('orioledb')
    expect(usesAlternativeStorageEngine('17.0.1.070-orioledb')).toBe(true)
    expect(usesAlternativeStorageEngine('orioledb-17.0.1')).toBe(false)
    expect(usesAlternativeStorageEngine('15.8.1.100')).toBe(false)
    expect(usesAlternativeStorageEngine(null)).toBe(false)
  })

  it('requires the standard provider for the combined check', () => {
    expect(isAlternativeStorageEngineProject({ cloud_provider: 'AWS', dbVersion: '17.0.1-orioledb' })).toBe(true)
    expect(isAlternativeStorageEngineProject({ cloud_provider: 'AWS_K8S', dbVersion: '17.0.1-orioledb' })).toBe(false)
    expect(isAlternativeStorageEngineProject({ cloud_provider: 'AWS', dbVersion: '17.0.1' })).toBe(false)
  })
})

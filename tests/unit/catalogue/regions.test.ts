import {
  AWS_REGIONS,
  AWS_REGION_CODES,
  DEFAULT_REGION,
  DEFAULT_REGION_CODE,
  FLY_REGIONS,
  findRegion,
  regionsForProvider,
} from '@/lib/catalogue/regions'

describe('regions (spec §3)', () => {
  it('has the 16 codes of the spec, each once and in order', () => {
    expect(AWS_REGIONS).toHaveLength(16)
    expect(AWS_REGIONS.map((region) => region.code)).toEqual([...AWS_REGION_CODES])
    expect(new Set(AWS_REGION_CODES).size).toBe(16)
    expect(AWS_REGION_CODES).toEqual([
      'us-west-1', 'us-east-1', 'us-east-2', 'ca-central-1', 'eu-west-1', 'eu-west-2', 'eu-west-3',
      'eu-central-1', 'eu-central-2', 'eu-north-1', 'ap-south-1', 'ap-southeast-1', 'ap-northeast-1',
      'ap-northeast-2', 'ap-southeast-2', 'sa-east-1',
    ])
  })

  it('places every region on the globe with a name', () => {
    for (const region of [...AWS_REGIONS, ...FLY_REGIONS]) {
      expect(region.displayName.length).toBeGreaterThan(0)
      expect(Math.abs(region.location.latitude)).toBeLessThanOrEqual(90)
      expect(Math.abs(region.location.longitude)).toBeLessThanOrEqual(180)
    }
    // spot-check hemispheres
    expect(findRegion('sa-east-1')!.location.latitude).toBeLessThan(0)
    expect(findRegion('ap-southeast-2')!.location.longitude).toBeGreaterThan(100)
    expect(findRegion('us-west-1')!.location.longitude).toBeLessThan(-100)
  })

  it('has a second set with only Singapore', () => {
    expect(FLY_REGIONS).toEqual([expect.objectContaining({ code: 'sin', displayName: 'Singapore' })])
  })

  it('defaults to Southeast Asia', () => {
    expect(DEFAULT_REGION_CODE).toBe('ap-southeast-1')
    expect(DEFAULT_REGION.displayName).toMatch(/^Southeast Asia/)
  })

  it('looks regions up across both sets', () => {
    expect(findRegion('eu-central-1')?.displayName).toContain('Frankfurt')
    expect(findRegion('sin')?.code).toBe('sin')
    expect(findRegion('mars-1')).toBeUndefined()
    expect(regionsForProvider('FLY')).toBe(FLY_REGIONS)
    expect(regionsForProvider('AWS_K8S')).toBe(AWS_REGIONS)
  })
})

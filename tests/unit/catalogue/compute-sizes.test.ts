import {
  COMPUTE_SIZES,
  DEFAULT_COMPUTE_SIZE_ID,
  computeCpuLabel,
  computeMonthlyPrice,
  findComputeSize,
} from '@/lib/catalogue/compute-sizes'

describe('compute sizes (spec §3, §9)', () => {
  it('starts with the smallest size of the spec', () => {
    expect(COMPUTE_SIZES[0]!.specs).toEqual({
      memory_gb: 0.5,
      cpu_cores: null,
      cpu_dedicated: false,
      connections_direct: 30,
      connections_pooler: 200,
      baseline_disk_io_mbs: 43,
      max_disk_io_mbs: 2085,
    })
    expect(computeCpuLabel(COMPUTE_SIZES[0]!.specs)).toBe('Shared CPU')
  })

  it('follows with 1 GB, 2 cores, 60 direct and 200 pooler connections', () => {
    expect(COMPUTE_SIZES[1]!.specs).toMatchObject({
      memory_gb: 1,
      cpu_cores: 2,
      connections_direct: 60,
      connections_pooler: 200,
    })
  })

  it('grows monotonically in memory, connections and price', () => {
    for (let i = 1; i < COMPUTE_SIZES.length; i++) {
      const previous = COMPUTE_SIZES[i - 1]!
      const current = COMPUTE_SIZES[i]!
      expect(current.specs.memory_gb).toBeGreaterThan(previous.specs.memory_gb)
      expect(current.specs.connections_direct).toBeGreaterThanOrEqual(previous.specs.connections_direct)
      expect(current.specs.connections_pooler).toBeGreaterThanOrEqual(previous.specs.connections_pooler)
      expect(current.priceHourly).toBeGreaterThan(previous.priceHourly)
      expect(current.specs.max_disk_io_mbs).toBeGreaterThanOrEqual(current.specs.baseline_disk_io_mbs)
    }
    const ids = COMPUTE_SIZES.map((size) => size.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('has a default that exists and prices it by the month', () => {
    const micro = findComputeSize(DEFAULT_COMPUTE_SIZE_ID)!
    expect(micro).toBeDefined()
    expect(computeMonthlyPrice(micro)).toBe(9.81)
    expect(findComputeSize('huge')).toBeUndefined()
    expect(computeCpuLabel({ cpu_cores: 4, cpu_dedicated: true })).toBe('4-core ARM (dedicated)')
  })
})

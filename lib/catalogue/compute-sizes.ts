/**
 * Compute sizes a project database can run on (spec §3 "Compute size specs", §9 "Compute sizes").
 * The two smallest sizes are fixed by the spec; the larger ones form our own ladder where memory
 * doubles at each step.
 */

export type ComputeSizeSpecs = {
  /** Disk throughput the instance can sustain, in MB/s. */
  baseline_disk_io_mbs: number
  connections_direct: number
  connections_pooler: number
  /** Number of cores, or null for a shared CPU without a fixed core count. */
  cpu_cores: number | null
  cpu_dedicated: boolean
  /** Burst disk throughput, in MB/s. */
  max_disk_io_mbs: number
  memory_gb: number
}

export type ComputeSize = {
  id: ComputeSizeId
  name: string
  /** Price in USD per hour the instance runs. */
  priceHourly: number
  specs: ComputeSizeSpecs
}

/** One row of the ladder; the ids the rows name make up `ComputeSizeId`. */
const size = <const Id extends string>(id: Id, name: string, priceHourly: number, specs: ComputeSizeSpecs) => ({
  id,
  name,
  priceHourly,
  specs,
})

const SIZES = [
  // spec §9: smallest and next sizes.
  size('nano', 'Nano', 0, {
    memory_gb: 0.5,
    cpu_cores: null,
    cpu_dedicated: false,
    connections_direct: 30,
    connections_pooler: 200,
    baseline_disk_io_mbs: 43,
    max_disk_io_mbs: 2085,
  }),
  size('micro', 'Micro', 0.01344, {
    memory_gb: 1,
    cpu_cores: 2,
    cpu_dedicated: false,
    connections_direct: 60,
    connections_pooler: 200,
    baseline_disk_io_mbs: 87,
    max_disk_io_mbs: 2085,
  }),
  size('small', 'Small', 0.0206, {
    memory_gb: 2,
    cpu_cores: 2,
    cpu_dedicated: false,
    connections_direct: 90,
    connections_pooler: 400,
    baseline_disk_io_mbs: 174,
    max_disk_io_mbs: 2085,
  }),
  size('medium', 'Medium', 0.0822, {
    memory_gb: 4,
    cpu_cores: 2,
    cpu_dedicated: false,
    connections_direct: 120,
    connections_pooler: 600,
    baseline_disk_io_mbs: 347,
    max_disk_io_mbs: 2085,
  }),
  size('large', 'Large', 0.1517, {
    memory_gb: 8,
    cpu_cores: 2,
    cpu_dedicated: true,
    connections_direct: 160,
    connections_pooler: 800,
    baseline_disk_io_mbs: 630,
    max_disk_io_mbs: 4750,
  }),
  size('xlarge', 'XL', 0.2877, {
    memory_gb: 16,
    cpu_cores: 4,
    cpu_dedicated: true,
    connections_direct: 240,
    connections_pooler: 1_000,
    baseline_disk_io_mbs: 1_188,
    max_disk_io_mbs: 4_750,
  }),
  size('2xlarge', '2XL', 0.562, {
    memory_gb: 32,
    cpu_cores: 8,
    cpu_dedicated: true,
    connections_direct: 380,
    connections_pooler: 1_500,
    baseline_disk_io_mbs: 2_375,
    max_disk_io_mbs: 4_750,
  }),
  size('4xlarge', '4XL', 1.32, {
    memory_gb: 64,
    cpu_cores: 16,
    cpu_dedicated: true,
    connections_direct: 480,
    connections_pooler: 3_000,
    baseline_disk_io_mbs: 4_750,
    max_disk_io_mbs: 4_750,
  }),
  size('8xlarge', '8XL', 2.562, {
    memory_gb: 128,
    cpu_cores: 32,
    cpu_dedicated: true,
    connections_direct: 490,
    connections_pooler: 6_000,
    baseline_disk_io_mbs: 9_500,
    max_disk_io_mbs: 9_500,
  }),
  size('12xlarge', '12XL', 3.836, {
    memory_gb: 192,
    cpu_cores: 48,
    cpu_dedicated: true,
    connections_direct: 500,
    connections_pooler: 9_000,
    baseline_disk_io_mbs: 14_250,
    max_disk_io_mbs: 14_250,
  }),
  size('16xlarge', '16XL', 5.12, {
    memory_gb: 256,
    cpu_cores: 64,
    cpu_dedicated: true,
    connections_direct: 500,
    connections_pooler: 12_000,
    baseline_disk_io_mbs: 19_000,
    max_disk_io_mbs: 19_000,
  }),
]

export type ComputeSizeId = (typeof SIZES)[number]['id']
export const COMPUTE_SIZES: readonly ComputeSize[] = SIZES
/** The ids of the sizes, smallest first. */
export const COMPUTE_SIZE_IDS: readonly ComputeSizeId[] = SIZES.map((computeSize) => computeSize.id)

/** Micro is the default: the Pro plan's $10 monthly compute credits cover it. */
export const DEFAULT_COMPUTE_SIZE_ID: ComputeSizeId = 'micro'

/** Hours in an average month, used to turn hourly prices into monthly estimates. */
export const HOURS_PER_MONTH = 730

/** Finds a compute size by id. */
export function findComputeSize(id: string): ComputeSize | undefined {
  return COMPUTE_SIZES.find((candidate) => candidate.id === id)
}

/** Estimated monthly price in USD of a size running all month, rounded to cents. */
export function computeMonthlyPrice(computeSize: Pick<ComputeSize, 'priceHourly'>): number {
  return Math.round(computeSize.priceHourly * HOURS_PER_MONTH * 100) / 100
}

/** Human description of a size's CPU, e.g. "Shared CPU", "2-core ARM (shared)", "4-core ARM (dedicated)". */
export function computeCpuLabel(specs: Pick<ComputeSizeSpecs, 'cpu_cores' | 'cpu_dedicated'>): string {
  if (specs.cpu_cores === null) return 'Shared CPU'
  return `${specs.cpu_cores}-core ARM (${specs.cpu_dedicated ? 'dedicated' : 'shared'})`
}

import { COMPUTE_SIZES, computeCpuLabel, type ComputeSizeId } from '@/lib/catalogue/compute-sizes'
import type { PlanId } from '@/lib/catalogue/plans'
import { formatDiskIo, formatMemory, isComputeSizeAvailable } from './NewProject.utils'
import styles from './NewProject.module.css'

export type ComputeSizePickerProps = {
  value: ComputeSizeId
  onChange: (size: ComputeSizeId) => void
  /** The organization's plan: on Free only the smallest size can be chosen. */
  orgPlan: PlanId | undefined
  name: string
}

/** Compute sizes with their specs (spec §3: memory, CPU, direct and pooler connections, disk IO). */
export function ComputeSizePicker({ value, onChange, orgPlan, name }: ComputeSizePickerProps) {
  return (
    <fieldset className={styles.section}>
      <legend>Compute size</legend>
      <div className={styles.sizes}>
        {COMPUTE_SIZES.map((size) => {
          const available = isComputeSizeAvailable(size.id, orgPlan)
          const { specs } = size
          return (
            <label key={size.id} className={styles.size}>
              <input
                type="radio"
                name={name}
                value={size.id}
                checked={value === size.id}
                disabled={!available}
                onChange={() => onChange(size.id)}
                aria-describedby={`${name}-${size.id}-specs`}
              />
              <span className={styles.sizeName}>{size.name}</span>
              <span id={`${name}-${size.id}-specs`} className={styles.specs}>
                <span>{formatMemory(specs.memory_gb)} memory</span>
                <span>{computeCpuLabel(specs)}</span>
                <span>
                  {specs.connections_direct} direct / {specs.connections_pooler.toLocaleString('en-US')} pooler connections
                </span>
                <span>Disk IO {formatDiskIo(specs.baseline_disk_io_mbs, specs.max_disk_io_mbs)}</span>
                {!available && <span>Needs a paid plan</span>}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

import styles from './Spinner.module.css'

/** A spinning ring that announces itself as loading. */
export function Spinner({ size = 16, label = 'Loading' }: { size?: number; label?: string }) {
  return (
    <span role="status" aria-label={label} className={styles.spinner} style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

import type { ReactNode } from 'react'
import styles from './Database.module.css'

type Props<Value extends string> = {
  legend: ReactNode
  /** The radios' group name (unique in the form). */
  name: string
  options: readonly Value[]
  value: Value
  onChange: (value: Value) => void
  /** How an option reads (default: the value itself). */
  label?: (value: Value) => ReactNode
  error?: ReactNode
  errorId?: string
}

/** A group of radios in a fieldset with its legend and its error line (timing, level, security). */
export function RadioFieldset<Value extends string>({ legend, name, options, value, onChange, label = (v) => v, error, errorId }: Props<Value>) {
  return (
    <fieldset className={styles.checks} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input type="radio" name={name} checked={value === option} onChange={() => onChange(option)} />
          {label(option)}
        </label>
      ))}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  )
}

/** `For each row` / `For each statement`. */
export const levelLabel = (level: string) => `For each ${level.toLowerCase()}`

import { useId } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import styles from './Database.module.css'

/** What depends on an object a drop removes: the list, and the CASCADE choice without which the drop fails. */
export function DependentsNotice({ of, dependents, cascade, onCascadeChange }: { of: string; dependents: readonly string[]; cascade: boolean; onCascadeChange: (cascade: boolean) => void }) {
  const cascadeId = useId()
  return (
    <Admonition type="warning" title={`${dependents.length} object${dependents.length === 1 ? '' : 's'} depend on ${of}`}>
      Without CASCADE the drop fails. With CASCADE these are dropped too, with their data:
      <ul className={styles.dependents}>
        {dependents.map((object) => (
          <li key={object}>{object}</li>
        ))}
      </ul>
      <label htmlFor={cascadeId} style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center', marginTop: '0.5rem' }}>
        <input id={cascadeId} type="checkbox" checked={cascade} onChange={(e) => onCascadeChange(e.target.checked)} />
        Drop these objects too (CASCADE)
      </label>
    </Admonition>
  )
}

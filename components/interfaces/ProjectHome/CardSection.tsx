import type { ReactNode } from 'react'
import styles from './ProjectHome.module.css'

/** A titled section of the project homepage: one card per item, in a grid. */
export function CardSection<Item>({ id, title, items, itemKey, children }: { id: string; title: string; items: readonly Item[]; itemKey: (item: Item) => string; children: (item: Item) => ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className={styles.cards}>
        {items.map((item) => (
          <li key={itemKey(item)}>{children(item)}</li>
        ))}
      </ul>
    </section>
  )
}

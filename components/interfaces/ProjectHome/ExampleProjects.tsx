import { getConfig } from '@/lib/config'
import { parseExampleProjects } from './ProjectHome.utils'
import styles from './ProjectHome.module.css'

/** spec §3 custom content: example projects of the deployment; hidden while the slot is null. */
export function ExampleProjects() {
  const examples = parseExampleProjects(getConfig().customContent.projectHomepageExampleProjects)
  if (!examples) return null
  return (
    <section aria-labelledby="example-projects-title">
      <h2 id="example-projects-title">Example projects</h2>
      <ul className={styles.cards}>
        {examples.map((example) => (
          <li key={example.url}>
            <a className={`card ${styles.libCard}`} href={example.url} target="_blank" rel="noopener noreferrer">
              <span className={styles.libName}>{example.title}</span>
              {example.description && <span className="muted">{example.description}</span>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

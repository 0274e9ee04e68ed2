import { Spinner } from '@/components/ui/Spinner'
import styles from './EditorLoading.module.css'

/** Placeholder while the code editor loads. */
export function EditorLoading() {
  return (
    <div className={styles.editorLoading}>
      <Spinner label="Loading the code editor" />
      <span className="muted" aria-hidden="true">
        Loading the code editor…
      </span>
    </div>
  )
}

import { Spinner } from '@/components/ui/Spinner'
import styles from './EditorLoading.module.css'

/** The box the editor takes, for what shows in its place (a load error). */
export const editorBoxClass = styles.editorLoading

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

import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import { NEW_SNIPPET_ID, useLastVisited } from '@/state/last-visited'
import styles from './SqlEditor.module.css'

/** `/project/{ref}/sql`: reopens the snippet opened last in this project (spec §3–§4), else a new query. */
export function SqlEditorLanding({ projectRef }: { projectRef: string }) {
  const router = useRouter()
  const lastSnippet = useLastVisited((state) => state.snippets[projectRef])

  useEffect(() => {
    void router.replace(`/project/${projectRef}/sql/${lastSnippet ?? NEW_SNIPPET_ID}`)
    // Once per visit: a later change of the preference must not navigate again.
  }, [projectRef])

  return (
    <div className={styles.editorMessage}>
      <Spinner label="Opening the SQL editor" />
    </div>
  )
}

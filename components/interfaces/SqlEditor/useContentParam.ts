import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { NEW_SNIPPET_ID } from '@/state/last-visited'
import { appendSql } from './sql-assistant'
import type { SnippetDocument } from './useSnippetDocument'

/** The query parameter that hands SQL to a new query: `/project/{ref}/sql/new?content=<SQL>`. */
export const SQL_CONTENT_PARAM = 'content'

/**
 * Opens `/project/{ref}/sql/new?content=<urlencoded SQL>` (the assistant's "Insert into editor")
 * as a new query holding that SQL, saved like typed text, and takes the parameter out of the URL.
 * A new query that already holds unsaved text keeps it: the SQL is added after it.
 */
export function useContentParam({ projectRef, snippetId, doc }: { projectRef: string; snippetId: string; doc: SnippetDocument }) {
  const router = useRouter()
  const raw = router.query[SQL_CONTENT_PARAM]
  const content = typeof raw === 'string' ? raw : undefined
  const ready = snippetId === NEW_SNIPPET_ID && doc.status === 'ready'

  useEffect(() => {
    if (content === undefined || !ready) return
    if (content.trim() !== '') doc.setSql(doc.id === null && doc.sql.trim() !== '' ? appendSql(doc.sql, content) : content)
    void router.replace(`/project/${projectRef}/sql/${NEW_SNIPPET_ID}`, undefined, { shallow: true, scroll: false })
    // Once per handed-over text: the document's later changes must not bring it back.
  }, [content, ready])
}

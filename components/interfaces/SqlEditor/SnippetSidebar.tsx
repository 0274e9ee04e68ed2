import Link from 'next/link'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useSnippetsQuery, type SnippetSummary } from '@/data/snippets/snippets-query'
import type { SnippetActions } from './useSnippetActions'
import styles from './SqlEditor.module.css'

export type SnippetSidebarProps = {
  projectRef: string
  /** The open snippet, highlighted in the list. */
  activeId: string | null
  actions: Pick<SnippetActions, 'rename' | 'remove' | 'toggleFavorite'>
  /** Called after following a link (closes the list on small screens). */
  onNavigate?: () => void
}

/** The user's snippets in this project, favourites first, each with favourite, rename and delete. */
export function SnippetSidebar({ projectRef, activeId, actions, onNavigate }: SnippetSidebarProps) {
  const { data, error, isPending, isError, refetch, isRefetching } = useSnippetsQuery({ projectRef })
  const favorites = data?.filter((s) => s.favorite) ?? []
  const others = data?.filter((s) => !s.favorite) ?? []

  const list = (title: string, snippets: SnippetSummary[]) =>
    snippets.length > 0 && (
      <section aria-label={title} className={styles.snippetGroup}>
        <h3 className={styles.snippetGroupTitle}>{title}</h3>
        <ul className={styles.snippetList}>
          {snippets.map((snippet) => (
            <li key={snippet.id} className={styles.snippetItem} data-active={snippet.id === activeId || undefined}>
              <Link
                href={`/project/${projectRef}/sql/${snippet.id}`}
                className={styles.snippetLink}
                aria-current={snippet.id === activeId ? 'page' : undefined}
                onClick={onNavigate}
                title={snippet.name}
              >
                {snippet.name}
              </Link>
              <span className={styles.snippetItemActions}>
                <button
                  type="button"
                  className={`btn btn-ghost btn-sm ${styles.iconButton}`}
                  aria-pressed={snippet.favorite}
                  aria-label={snippet.favorite ? `Remove “${snippet.name}” from favourites` : `Add “${snippet.name}” to favourites`}
                  onClick={() => actions.toggleFavorite(snippet)}
                >
                  <span aria-hidden="true">{snippet.favorite ? '★' : '☆'}</span>
                </button>
                <button type="button" className={`btn btn-ghost btn-sm ${styles.iconButton}`} aria-label={`Rename “${snippet.name}”`} onClick={() => actions.rename(snippet)}>
                  <span aria-hidden="true">✎</span>
                </button>
                <button type="button" className={`btn btn-ghost btn-sm ${styles.iconButton}`} aria-label={`Delete “${snippet.name}”`} onClick={() => actions.remove(snippet)}>
                  <span aria-hidden="true">✕</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      </section>
    )

  return (
    <nav className={styles.sidebarInner} aria-label="Snippets">
      <div className={styles.sidebarHeader}>
        <h2 className={styles.sidebarTitle}>Snippets</h2>
        <Link href={`/project/${projectRef}/sql/new`} className="btn btn-sm" onClick={onNavigate}>
          New query
        </Link>
      </div>
      {isPending ? (
        <SkeletonLines lines={4} label="Loading snippets" />
      ) : isError ? (
        <ErrorState title="Failed to load snippets" error={error} onRetry={() => void refetch()} retrying={isRefetching} />
      ) : data.length === 0 ? (
        <EmptyState title="No snippets yet" description="Queries you write here are saved as snippets automatically." />
      ) : (
        <>
          {list('Favourites', favorites)}
          {list(favorites.length > 0 ? 'Other snippets' : 'All snippets', others)}
        </>
      )}
    </nav>
  )
}

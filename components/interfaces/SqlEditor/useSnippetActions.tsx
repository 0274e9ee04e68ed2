import { useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { useSnippetDeleteMutation } from '@/data/snippets/snippet-delete-mutation'
import { useSnippetUpdateMutation } from '@/data/snippets/snippet-update-mutation'
import type { SnippetSummary } from '@/data/snippets/snippets-query'
import { lastVisitedStore } from '@/state/last-visited'
import { DeleteSnippetModal } from './DeleteSnippetModal'
import { RenameSnippetModal } from './RenameSnippetModal'

type Target = Pick<SnippetSummary, 'id' | 'name' | 'favorite'>

export type SnippetActions = {
  rename: (snippet: Target) => void
  remove: (snippet: Target) => void
  toggleFavorite: (snippet: Target) => void
  /** The rename and delete dialogs; render once. */
  dialogs: ReactNode
}

/** Rename (dialog), delete (confirmed) and favourite for any snippet of the project. */
export function useSnippetActions({ projectRef, onDeleted }: { projectRef: string; onDeleted?: (id: string) => void }): SnippetActions {
  const [renaming, setRenaming] = useState<Target | null>(null)
  const [deleting, setDeleting] = useState<Target | null>(null)
  const update = useSnippetUpdateMutation()
  const removal = useSnippetDeleteMutation()

  const dialogs = (
    <>
      <RenameSnippetModal
        open={renaming !== null}
        currentName={renaming?.name ?? ''}
        saving={update.isPending}
        onCancel={() => setRenaming(null)}
        onSave={(name) => {
          if (!renaming) return
          update.mutate({ projectRef, id: renaming.id, name }, { onSuccess: () => setRenaming(null) })
        }}
      />
      <DeleteSnippetModal
        open={deleting !== null}
        name={deleting?.name ?? ''}
        deleting={removal.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          const { id, name } = deleting
          removal.mutate(
            { projectRef, id },
            {
              onSuccess: () => {
                setDeleting(null)
                // spec §4: a deleted snippet is no longer the one to come back to.
                lastVisitedStore.getState().clearLastVisitedSnippet(projectRef, id)
                toast.success(`Deleted “${name}”`)
                onDeleted?.(id)
              },
            }
          )
        }}
      />
    </>
  )

  return {
    rename: setRenaming,
    remove: setDeleting,
    toggleFavorite: (snippet) => update.mutate({ projectRef, id: snippet.id, favorite: !snippet.favorite }),
    dialogs,
  }
}

type RemoveMutation = { isPending: boolean; variables?: { id: number }; mutate: (variables: { slug: string; id: number }) => void }

/** A record's Remove button, named for screen readers by `label`: disabled while that record's removal runs. */
export function RemoveButton({ label, remove, slug, id }: { label: string; remove: RemoveMutation; slug: string; id: number }) {
  return (
    <button type="button" className="btn btn-sm" aria-label={label} disabled={remove.isPending && remove.variables?.id === id} onClick={() => remove.mutate({ slug, id })}>
      Remove
    </button>
  )
}

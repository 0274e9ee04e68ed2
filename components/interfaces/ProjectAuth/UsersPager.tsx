import styles from './ProjectAuth.module.css'

type Props = { page: number; perPage: number; total: number; busy: boolean; onPage: (page: number) => void }

/** Where the shown page sits in the whole list ("26–50 of 120"), with Previous / Next. */
export function UsersPager({ page, perPage, total, busy, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  const first = total === 0 ? 0 : (page - 1) * perPage + 1
  const last = Math.min(total, page * perPage)
  return (
    <nav className={styles.pager} aria-label="Pages of users">
      <span aria-live="polite">
        {first}–{last} of {total} · page {page} of {pages}
      </span>
      <button type="button" className="btn btn-sm" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <button type="button" className="btn btn-sm" disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  )
}

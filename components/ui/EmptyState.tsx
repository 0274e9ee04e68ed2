import type { ReactNode } from 'react'

export type EmptyStateProps = {
  title: ReactNode
  description?: ReactNode
  /** A call to action (button or link). */
  action?: ReactNode
  className?: string
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={['card', className].filter(Boolean).join(' ')}
      style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '0.5rem', textAlign: 'center', padding: '2rem 1.5rem' }}
    >
      <p style={{ margin: 0, fontWeight: 600 }}>{title}</p>
      {description && (
        <p className="muted" style={{ margin: 0 }}>
          {description}
        </p>
      )}
      {action && <div style={{ marginTop: '0.5rem' }}>{action}</div>}
    </div>
  )
}

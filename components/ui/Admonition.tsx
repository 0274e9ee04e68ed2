import type { ReactNode } from 'react'

export type AdmonitionType = 'default' | 'warning' | 'danger'

export type AdmonitionProps = {
  type?: AdmonitionType
  title?: ReactNode
  children?: ReactNode
  /** `alert` for messages that must be announced as they appear (e.g. a load failure). */
  role?: 'alert' | 'status' | 'note'
  /** Trailing actions (links, buttons). */
  actions?: ReactNode
  className?: string
}

const TYPE_CLASS: Record<AdmonitionType, string> = {
  default: 'admonition',
  warning: 'admonition admonition-warning',
  danger: 'admonition admonition-danger',
}

/** A boxed note: a title and text, coloured by its type. */
export function Admonition({ type = 'default', title, children, role, actions, className }: AdmonitionProps) {
  return (
    <div className={[TYPE_CLASS[type], className].filter(Boolean).join(' ')} role={role} data-type={type}>
      <div style={{ flex: 1, minWidth: 0 }}>
        {title && <div className="admonition-title">{title}</div>}
        {children && <div>{children}</div>}
      </div>
      {actions && <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-start' }}>{actions}</div>}
    </div>
  )
}

import type { ReactNode } from 'react'

export type BadgeVariant = 'default' | 'brand' | 'warning' | 'danger'

const VARIANT_CLASS: Record<BadgeVariant, string> = {
  default: 'badge',
  brand: 'badge badge-brand',
  warning: 'badge badge-warning',
  danger: 'badge badge-danger',
}

/** A small pill label (statuses, "New"). */
export function Badge({
  variant = 'default',
  children,
  className,
}: {
  variant?: BadgeVariant
  children: ReactNode
  className?: string
}) {
  return <span className={[VARIANT_CLASS[variant], className].filter(Boolean).join(' ')}>{children}</span>
}

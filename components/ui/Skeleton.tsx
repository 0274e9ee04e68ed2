import type { CSSProperties } from 'react'

/** A shimmering placeholder block; hidden from assistive technology (pair it with a status text). */
export function Skeleton({
  width = '100%',
  height = 16,
  className,
  style,
}: {
  width?: number | string
  height?: number | string
  className?: string
  style?: CSSProperties
}) {
  return (
    <div
      aria-hidden="true"
      className={['skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height, ...style }}
    />
  )
}

/** Several skeleton lines with a screen-reader status, for a loading block. */
export function SkeletonLines({ lines = 3, label = 'Loading' }: { lines?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </div>
  )
}

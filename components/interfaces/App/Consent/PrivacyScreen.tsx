import Link from 'next/link'
import { useState } from 'react'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useConsentCategoriesQuery } from '@/data/consent/consent-categories-query'
import { isPlatform } from '@/lib/config'
import { PrivacySettingsModal } from './PrivacySettingsModal'

/** What the dashboard collects, by consent category, and the way to change one's choice. */
export function PrivacyScreen() {
  const platform = isPlatform()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const categories = useConsentCategoriesQuery({ enabled: platform })

  return (
    <main className="page">
      <p>
        <Link href="/">← Back to the dashboard</Link>
      </p>
      <h1>Privacy</h1>
      {!platform ? (
        <EmptyState
          title="No data is collected"
          description="This dashboard runs self-hosted: it sends no telemetry and sets no tracking cookies."
        />
      ) : (
        <>
          <p className="muted">
            The dashboard asks before it collects anything beyond what it needs to work. These are the categories you can
            choose from; essential ones are always on.
          </p>
          {categories.isPending && <SkeletonLines lines={4} label="Loading privacy categories" />}
          {categories.isError && (
            <ErrorState title="Unable to Load Privacy Settings" error={categories.error} onRetry={() => void categories.refetch()} />
          )}
          {categories.data && (
            <ul style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '0.75rem' }}>
              {categories.data.map((category) => (
                <li key={category.slug} className="card">
                  <h2>
                    {category.label} {category.isEssential && <span className="badge">Always on</span>}
                  </h2>
                  <p style={{ margin: 0 }}>{category.description}</p>
                </li>
              ))}
            </ul>
          )}
          <p>
            <button type="button" className="btn btn-primary" onClick={() => setSettingsOpen(true)}>
              Privacy settings
            </button>
          </p>
          <PrivacySettingsModal open={settingsOpen} onOpenChange={setSettingsOpen} />
        </>
      )}
    </main>
  )
}

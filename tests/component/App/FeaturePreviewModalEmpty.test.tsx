import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FeaturePreviewModal } from '@/components/interfaces/App/FeaturePreview/FeaturePreviewModal'
import { FEATURE_REQUEST_URL } from '@/lib/catalogue/feature-previews'
import { setRoute } from './feature-preview-router'

vi.mock('next/router', async () => {
  const mock = await import('./feature-preview-router')
  return { useRouter: mock.useRouter }
})

// No preview released at all.
vi.mock('@/lib/catalogue/feature-previews', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/catalogue/feature-previews')>()
  return { ...actual, listedFeaturePreviews: () => [] }
})

describe('FeaturePreviewModal with no previews', () => {
  it('says "No feature previews available" and links to the feature-request board', () => {
    setRoute('/organizations', { featurePreviewModal: '' })
    render(<FeaturePreviewModal />)
    expect(screen.getByRole('dialog', { name: 'Dashboard feature previews' })).toBeInTheDocument()
    expect(screen.getByText('No feature previews available')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Request a feature' })).toHaveAttribute('href', FEATURE_REQUEST_URL)
    expect(screen.queryByRole('navigation', { name: 'Feature previews' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enable feature' })).not.toBeInTheDocument()
  })
})

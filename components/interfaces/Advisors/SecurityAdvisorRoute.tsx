import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { Spinner } from '@/components/ui/Spinner'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { useIsClient } from '@/hooks/use-is-client'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'
import { SecurityAdvisorScreen } from './SecurityAdvisorScreen'

/** spec §2: where the security advisor lives, from the advisor rules preview. */
export function securityAdvisorPath(projectRef: string, rulesPreview: boolean): string {
  return rulesPreview ? `/project/${projectRef}/advisors/rules/security` : `/project/${projectRef}/advisors/security`
}

/**
 * The security advisor at one of its two paths: when this path is not the active one for the
 * advisor rules preview, it replaces itself with the active one (spec §2). The preview flag is
 * read from browser storage, so nothing is decided before hydration.
 */
export function SecurityAdvisorRoute({ projectRef, atRulesPath }: { projectRef: string; atRulesPath: boolean }) {
  const router = useRouter()
  const isClient = useIsClient()
  const rulesPreview = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.advisorRules)
  const misplaced = isClient && rulesPreview !== atRulesPath

  useEffect(() => {
    if (misplaced) void router.replace(securityAdvisorPath(projectRef, rulesPreview))
  }, [misplaced, projectRef, rulesPreview])

  if (!isClient || misplaced) return <Spinner label="Opening the security advisor" />
  const view = atRulesPath && router.query.view === 'rules' ? 'rules' : 'findings'
  return <SecurityAdvisorScreen projectRef={projectRef} rulesPreview={rulesPreview} view={view} />
}

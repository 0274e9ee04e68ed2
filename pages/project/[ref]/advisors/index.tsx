import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { securityAdvisorPath } from '@/components/interfaces/Advisors/SecurityAdvisorRoute'
import { Spinner } from '@/components/ui/Spinner'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { useIsClient } from '@/hooks/use-is-client'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'

/** /project/{ref}/advisors opens the security advisor at its active path. */
export default function AdvisorsIndexPage() {
  const router = useRouter()
  const ref = typeof router.query.ref === 'string' ? router.query.ref : undefined
  const isClient = useIsClient()
  const rulesPreview = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.advisorRules)
  useEffect(() => {
    if (ref && isClient) void router.replace(securityAdvisorPath(ref, rulesPreview))
  }, [ref, isClient, rulesPreview])
  return (
    <ProjectLayout projectRef={ref} title="Advisors">
      <Spinner label="Opening the security advisor" />
    </ProjectLayout>
  )
}

import { useRouter } from 'next/router'
import { FunctionScreen, parseFunctionTab } from '@/components/interfaces/EdgeFunctions/FunctionScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

/** `/project/{ref}/functions/{slug}` and its tabs: `/code`, `/test`, `/versions`, `/logs`, `/settings`. */
export default function FunctionPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  const slug = typeof query.slug === 'string' ? query.slug : undefined
  const segments = Array.isArray(query.tab) ? query.tab : []
  const tab = segments.length > 1 ? null : parseFunctionTab(segments[0])
  return (
    <ProjectLayout projectRef={ref} title={slug ? `Function ${slug}` : 'Edge Function'}>
      {ref && slug && <FunctionScreen projectRef={ref} slug={slug} tab={tab} />}
    </ProjectLayout>
  )
}

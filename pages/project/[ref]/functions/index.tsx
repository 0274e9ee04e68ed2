import { useRouter } from 'next/router'
import { FunctionsListScreen } from '@/components/interfaces/EdgeFunctions/FunctionsListScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function FunctionsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Edge Functions">
      {ref && <FunctionsListScreen projectRef={ref} />}
    </ProjectLayout>
  )
}

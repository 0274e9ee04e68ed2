import { useRouter } from 'next/router'
import { FunctionSecretsScreen } from '@/components/interfaces/EdgeFunctions/FunctionSecretsScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function FunctionSecretsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Edge Function secrets">
      {ref && <FunctionSecretsScreen projectRef={ref} />}
    </ProjectLayout>
  )
}

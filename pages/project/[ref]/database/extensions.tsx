import { useRouter } from 'next/router'
import { ExtensionsScreen } from '@/components/interfaces/Database/ExtensionsScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function ExtensionsPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Extensions">
      {ref && <ExtensionsScreen projectRef={ref} />}
    </ProjectLayout>
  )
}

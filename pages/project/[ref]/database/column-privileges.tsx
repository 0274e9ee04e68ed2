import { useRouter } from 'next/router'
import { ColumnPrivilegesScreen } from '@/components/interfaces/Database/ColumnPrivilegesScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function ColumnPrivilegesPage() {
  const { query } = useRouter()
  const ref = typeof query.ref === 'string' ? query.ref : undefined
  return (
    <ProjectLayout projectRef={ref} title="Column privileges">
      {ref && <ColumnPrivilegesScreen projectRef={ref} />}
    </ProjectLayout>
  )
}

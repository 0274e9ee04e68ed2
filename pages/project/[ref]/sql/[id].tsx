import { useRouteParam } from '@/hooks/use-route-param'
import { LazySqlEditorScreen as SqlEditorScreen } from '@/components/interfaces/SqlEditor/LazySqlEditorScreen'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'

export default function SqlEditorPage() {
  const ref = useRouteParam('ref')
  const id = useRouteParam('id')
  return (
    <ProjectLayout projectRef={ref} title="SQL editor">
      {ref && id && <SqlEditorScreen projectRef={ref} snippetId={id} />}
    </ProjectLayout>
  )
}

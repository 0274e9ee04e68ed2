import { SchemaVisualizerScreen } from '@/components/interfaces/Database/SchemaVisualizerScreen'
import { ProjectPage } from '@/components/layouts/ProjectPage'

export default function DatabaseSchemasPage() {
  return <ProjectPage title="Schema visualizer">{(projectRef) => <SchemaVisualizerScreen projectRef={projectRef} />}</ProjectPage>
}

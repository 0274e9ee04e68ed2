import dynamic from 'next/dynamic'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { EditorLoading } from '@/components/ui/EditorLoading'
import { WriteButton } from '@/components/ui/WriteButton'
import { deployFailureOutput, useFunctionDeployMutation } from '@/data/functions/function-deploy-mutation'
import type { EdgeFunctionDetail, FunctionFile } from '@/lib/api-types/functions'
import { FUNCTION_ENTRYPOINT } from '@/lib/functions/rules'
import { BuildOutput, type BuildResult } from './BuildOutput'
import { FunctionFileList } from './FunctionFileList'
import { deployBody, filesChanged, withEntrypoint } from './function-files'
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard'
import common from './EdgeFunctions.module.css'
import styles from './FunctionCode.module.css'

// Monaco's React wrapper is loaded with this tab, never with the rest of the dashboard.
const FunctionCodeEditor = dynamic(() => import('./FunctionCodeEditor').then((m) => m.FunctionCodeEditor), { ssr: false, loading: () => <EditorLoading /> })

type Props = { projectRef: string; fn: EdgeFunctionDetail; blockedReason: string | null }

/** The Code tab: the serving version's files in Monaco, a file list, Deploy and its build output. */
export function FunctionCodeTab({ projectRef, fn, blockedReason }: Props) {
  const [files, setFiles] = useState<FunctionFile[]>(() => withEntrypoint(fn.files))
  const [selected, setSelected] = useState(FUNCTION_ENTRYPOINT)
  const [build, setBuild] = useState<BuildResult | null>(null)
  const served = withEntrypoint(fn.files)
  const dirty = filesChanged(files, served)
  useUnsavedChangesGuard(dirty)

  // Another version now serves (a rollback, a deploy elsewhere): show it unless edits are pending.
  const servedKey = `${fn.version}:${fn.updated_at}`
  const [shownKey, setShownKey] = useState(servedKey)
  useEffect(() => {
    if (servedKey === shownKey || dirty) return
    setFiles(withEntrypoint(fn.files))
    setShownKey(servedKey)
  }, [servedKey, shownKey, dirty, fn.files])

  const deploy = useFunctionDeployMutation({
    onSuccess: (result) => {
      toast.success(`Function ${result.slug} deployed (version ${result.version})`)
      setBuild({ ok: true, version: result.version, output: result.build_output })
      setShownKey(`${result.version}:${result.updated_at}`)
    },
    onError: (error) => setBuild({ ok: false, message: error.message, output: deployFailureOutput(error) }),
  })

  const current = files.find((f) => f.name === selected) ?? files[0]
  const readOnly = blockedReason !== null
  const runDeploy = () => {
    if (readOnly || deploy.isPending) return
    setBuild(null)
    deploy.mutate({ projectRef, ...deployBody(fn.slug, fn.name, fn.verify_jwt, files) })
  }

  return (
    <div className={styles.codeTab}>
      <div className={common.toolbar}>
        <span className="muted">
          {dirty ? 'Unsaved changes: deploy to serve them as a new version.' : `Version ${fn.version} is serving.`}
        </span>
        <div className={common.toolbarActions}>
          {dirty && (
            <button type="button" className="btn" onClick={() => setFiles(served)} disabled={deploy.isPending}>
              Discard changes
            </button>
          )}
          <WriteButton blockedReason={blockedReason} className="btn btn-primary" onClick={runDeploy} disabled={deploy.isPending}>
            {deploy.isPending ? 'Deploying…' : 'Deploy'}
          </WriteButton>
        </div>
      </div>
      <div className={styles.codeLayout}>
        <FunctionFileList
          files={files}
          selected={current.name}
          readOnly={readOnly}
          onSelect={setSelected}
          onAdd={(name) => {
            setFiles((list) => [...list, { name, content: name.endsWith('.json') ? '{}\n' : '' }])
            setSelected(name)
          }}
          onRename={(from, to) => {
            setFiles((list) => list.map((f) => (f.name === from ? { ...f, name: to } : f)))
            if (selected === from) setSelected(to)
          }}
          onDelete={(name) => {
            setFiles((list) => list.filter((f) => f.name !== name))
            if (selected === name) setSelected(FUNCTION_ENTRYPOINT)
          }}
        />
        <FunctionCodeEditor
          fileName={current.name}
          value={current.content}
          readOnly={readOnly}
          onSave={runDeploy}
          onChange={(content) => setFiles((list) => list.map((f) => (f.name === current.name ? { ...f, content } : f)))}
        />
      </div>
      {build && <BuildOutput result={build} onClose={() => setBuild(null)} />}
    </div>
  )
}

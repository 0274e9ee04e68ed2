import { useEffect, useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { FormActions } from '@/components/ui/FormActions'
import { TextField } from '@/components/ui/Field'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { useProjectRenameMutation } from '@/data/projects/project-rename-mutation'
import styles from './ProjectSettings.module.css'

/** The platform's limit on a project name (`updateProjectBody`). */
const NAME_MAX_LENGTH = 64

export type ProjectNameFormProps = {
  project: Pick<ProjectDetail, 'ref' | 'name'>
  canEdit: boolean
  /** Why the name cannot be changed, under the field (a role, or the self-hosted project). */
  reason: string | null
}

/** The project's name: Owners and Admins rename it (PATCH /platform/projects/{ref}). */
export function ProjectNameForm({ project, canEdit, reason }: ProjectNameFormProps) {
  const id = useId()
  const [name, setName] = useState(project.name)
  const [error, setError] = useState<string | null>(null)
  const rename = useProjectRenameMutation({
    onSuccess: (data) => toast.success(`Project renamed to ${data.name}`),
    onError: (err) => setError(err.message),
  })

  // A refetch or another tab brought a new name: show it.
  useEffect(() => setName(project.name), [project.name])

  const trimmed = name.trim()
  function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (trimmed === '') return setError('Enter a project name.')
    rename.mutate({ ref: project.ref, name: trimmed })
  }

  return (
    <form className={`card ${styles.section}`} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Name</h2>
      <TextField
        label="Project name"
        hint={reason ?? 'Shown in the dashboard and the project switcher; the ref and the URLs stay the same.'}
        readOnly={!canEdit}
        id={`${id}-name`}
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <FormActions error={error}>
        {canEdit && (
          <button type="submit" className="btn btn-primary" disabled={trimmed === project.name || rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save'}
          </button>
        )}
      </FormActions>
    </form>
  )
}

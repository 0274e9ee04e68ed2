import { useId, useState } from 'react'
import { toast } from 'sonner'
import { FormModal } from '@/components/ui/FormModal'
import { useProjectUserUpdateMutation } from '@/data/project-auth/user-update-mutation'
import type { ProjectUser } from '@/data/project-auth/users-query'
import { metadataError } from './user-form.utils'
import { userName } from './project-auth.utils'

/** Replaces a user's user metadata with the JSON object typed (app metadata is the platform's). */
export function EditMetadataModal({ projectRef, user, onClose }: { projectRef: string; user: ProjectUser; onClose: () => void }) {
  const id = useId()
  const [text, setText] = useState(() => JSON.stringify(user.user_metadata, null, 2))
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const update = useProjectUserUpdateMutation({ onError: (error) => setServerError(error.message) })
  const checked = metadataError(text)
  const error = submitted && 'error' in checked ? checked.error : undefined

  function submit() {
    setSubmitted(true)
    setServerError(null)
    if (!('value' in checked)) return
    update.mutate(
      { projectRef, id: user.id, user_metadata: checked.value },
      {
        onSuccess: () => {
          toast.success(`User metadata of ${userName(user)} saved`)
          onClose()
        },
      }
    )
  }

  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit user metadata"
      description={`What ${userName(user)}'s session carries as user_metadata; the user can change it too.`}
      submitLabel="Save metadata"
      pending={update.isPending}
      error={serverError}
      errorTitle="The metadata was not saved"
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={`${id}-json`}>User metadata (JSON object)</label>
        <textarea
          id={`${id}-json`}
          className="textarea mono"
          rows={10}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-json-hint`}
        />
        <span id={`${id}-json-hint`} className={error ? 'field-error' : 'field-hint'}>
          {error ?? 'Replaces the whole object, e.g. {"name": "Ada"}'}
        </span>
      </div>
    </FormModal>
  )
}

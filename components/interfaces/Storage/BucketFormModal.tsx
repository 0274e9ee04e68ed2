import { useEffect, useId, useState } from 'react'
import { toast } from 'sonner'
import { FormModal } from '@/components/ui/FormModal'
import { Toggle } from '@/components/ui/Toggle'
import { useBucketCreateMutation } from '@/data/storage/bucket-create-mutation'
import { useBucketUpdateMutation } from '@/data/storage/bucket-update-mutation'
import type { StorageBucket } from '@/data/storage/buckets-query'
import { badMimeTypes, parseMimeList } from '@/lib/storage/browser'
import { BUCKET_ID_PATTERN, parseDisplayedSize } from '@/lib/storage/limits'

type Props = { projectRef: string; open: boolean; bucket: StorageBucket | null; onClose: () => void }
type Values = { name: string; public: boolean; limit: string; mimeTypes: string }

const MB = 1024 * 1024
const limitText = (bytes: number | null) => (bytes === null ? '' : bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes}`)

/** Creates a bucket, or edits one's settings: public, file size limit, allowed MIME types. */
export function BucketFormModal({ projectRef, open, bucket, onClose }: Props) {
  const id = useId()
  const [values, setValues] = useState<Values>({ name: '', public: false, limit: '', mimeTypes: '' })
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  useEffect(() => {
    if (!open) return
    setValues({ name: bucket?.name ?? '', public: bucket?.public ?? false, limit: limitText(bucket?.file_size_limit ?? null), mimeTypes: bucket?.allowed_mime_types?.join(', ') ?? '' })
    setSubmitted(false)
    setServerError(null)
  }, [open, bucket])

  const onError = (error: Error) => setServerError(error.message)
  const create = useBucketCreateMutation({ onError })
  const update = useBucketUpdateMutation({ onError })

  const mimeList = parseMimeList(values.mimeTypes)
  const limit = values.limit.trim() === '' ? null : parseDisplayedSize(values.limit.trim())
  const errors = {
    name: bucket ? null : !BUCKET_ID_PATTERN.test(values.name.trim()) ? 'Use 1 to 100 letters, digits, dots, hyphens or underscores' : null,
    limit: values.limit.trim() !== '' && limit === null ? 'Enter a size such as 5 MB, 500 KB or 1 GB' : null,
    mimeTypes: mimeList && badMimeTypes(mimeList).length ? `Not a MIME type: ${badMimeTypes(mimeList).join(', ')}` : null,
  }
  const shown = (key: keyof typeof errors) => (submitted ? errors[key] : null)

  function submit() {
    setSubmitted(true)
    setServerError(null)
    if (Object.values(errors).some(Boolean)) return
    const settings = { public: values.public, file_size_limit: limit, allowed_mime_types: mimeList }
    const done = (verb: string) => () => {
      toast.success(`Bucket ${bucket?.name ?? values.name.trim()} ${verb}`)
      onClose()
    }
    if (bucket) update.mutate({ projectRef, id: bucket.id, ...settings }, { onSuccess: done('saved') })
    else create.mutate({ projectRef, name: values.name.trim(), ...settings }, { onSuccess: done('created') })
  }

  const text = (key: 'name' | 'limit' | 'mimeTypes') => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    'aria-invalid': shown(key) ? true : undefined,
    'aria-describedby': `${id}-${key}-hint`,
  })
  const hint = (key: keyof typeof errors, fallback: string) => (
    <span id={`${id}-${key}-hint`} className={shown(key) ? 'field-error' : 'field-hint'}>
      {shown(key) ?? fallback}
    </span>
  )

  return (
    <FormModal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={bucket ? `Edit bucket ${bucket.name}` : 'Create bucket'}
      submitLabel={bucket ? 'Save bucket' : 'Create bucket'}
      pending={create.isPending || update.isPending}
      error={serverError}
      errorTitle="The bucket was not saved"
      onSubmit={submit}
    >
      {!bucket && (
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input className="input" autoComplete="off" spellCheck={false} {...text('name')} />
          {hint('name', 'It cannot be changed later, e.g. avatars')}
        </div>
      )}
      <Toggle
        id={`${id}-public`}
        label="Public bucket"
        description="Anyone can read its files by URL, without a key. Uploads and deletes still follow the policies."
        checked={values.public}
        onChange={(checked) => setValues((v) => ({ ...v, public: checked }))}
      />
      <div className="field">
        <label htmlFor={`${id}-limit`}>File size limit (optional)</label>
        <input className="input" autoComplete="off" placeholder="e.g. 5 MB" {...text('limit')} />
        {hint('limit', "Larger uploads are refused; empty means the plan's limit")}
      </div>
      <div className="field">
        <label htmlFor={`${id}-mimeTypes`}>Allowed MIME types (optional)</label>
        <input className="input mono" autoComplete="off" spellCheck={false} placeholder="image/*, application/pdf" {...text('mimeTypes')} />
        {hint('mimeTypes', 'Comma-separated; empty allows any type')}
      </div>
    </FormModal>
  )
}

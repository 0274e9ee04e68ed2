import { useRouter } from 'next/router'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { FormModal } from '@/components/ui/FormModal'
import { useFunctionDeployMutation } from '@/data/functions/function-deploy-mutation'
import { useFunctionsQuery } from '@/data/functions/functions-query'
import { FUNCTION_TEMPLATES, type FunctionTemplate } from '@/lib/catalogue/function-templates'
import { functionSlugProblem } from './EdgeFunctions.utils'
import styles from './EdgeFunctions.module.css'

type Props = { projectRef: string; open: boolean; onOpenChange: (open: boolean) => void }

/** Creates a function from a template: deploys it (version 1) and opens its page. */
export function CreateFunctionModal({ projectRef, open, onOpenChange }: Props) {
  const id = useId()
  const router = useRouter()
  const [template, setTemplate] = useState<FunctionTemplate>(FUNCTION_TEMPLATES[0])
  const [slug, setSlug] = useState(FUNCTION_TEMPLATES[0].slug)
  const [slugEdited, setSlugEdited] = useState(false)
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const deploy = useFunctionDeployMutation({ onError: (error) => setServerError(error.message) })

  const existing = useFunctionsQuery({ projectRef }).data
  // A deploy to a taken slug would add a version to that function: creating never does.
  const taken = existing?.some((fn) => fn.slug === slug.trim()) ?? false
  const problem = functionSlugProblem(slug.trim()) ?? (taken ? `A function ${slug.trim()} already exists` : null)
  const shownProblem = touched ? problem : null

  function pick(next: FunctionTemplate) {
    setTemplate(next)
    if (!slugEdited) setSlug(next.slug)
  }

  function submit() {
    setTouched(true)
    setServerError(null)
    if (problem) return
    const chosen = slug.trim()
    deploy.mutate(
      { projectRef, slug: chosen, name: chosen, body: template.code, verify_jwt: true },
      {
        onSuccess: (fn) => {
          toast.success(`Function ${fn.slug} deployed (version ${fn.version})`)
          onOpenChange(false)
          void router.push(`/project/${projectRef}/functions/${encodeURIComponent(fn.slug)}/code`)
        },
      }
    )
  }

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Create a function"
      description="Start from a template; you can edit the code and deploy again on the function's page."
      submitLabel="Create and deploy"
      pendingLabel="Deploying…"
      pending={deploy.isPending}
      error={serverError}
      errorTitle="The function was not deployed"
      onSubmit={submit}
    >
      <fieldset className={styles.templates}>
        <legend>Template</legend>
        {FUNCTION_TEMPLATES.map((t) => (
          <label key={t.id} className={styles.template} data-selected={t.id === template.id || undefined}>
            <input type="radio" name={`${id}-template`} value={t.id} checked={t.id === template.id} onChange={() => pick(t)} />
            <span>
              <strong>{t.name}</strong>
              <span className={styles.sub}>{t.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-slug`}>Slug</label>
        <input
          id={`${id}-slug`}
          className="input mono"
          value={slug}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={`${id}-slug-hint`}
          onChange={(e) => {
            setSlug(e.target.value)
            setSlugEdited(true)
          }}
          onBlur={() => setTouched(true)}
        />
        <span id={`${id}-slug-hint`} className={shownProblem ? 'field-error' : 'field-hint'}>
          {shownProblem ?? 'Its URL ends in /functions/v1/{slug}. Letters, digits, - and _, starting with a letter.'}
        </span>
      </div>
    </FormModal>
  )
}

import type { UseMutationOptions } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { defaultMutationErrorToast } from '@/data/mutation'

/** Connection of every table editor mutation. */
export type ProjectDbVariables = { projectRef: string | undefined; connectionString: string | null | undefined }

/** Caller options of a table editor mutation (all but the mutation function). */
export type TableEditorMutationOptions<Data, Variables> = Omit<UseMutationOptions<Data, ResponseError, Variables>, 'mutationFn'>

/** STYLE §4: the default error toast, unless the caller handles the error (e.g. shows it in place). */
export function withDefaultErrorToast<Data, Variables>(
  what: string,
  options: TableEditorMutationOptions<Data, Variables>
): Pick<UseMutationOptions<Data, ResponseError, Variables>, 'onError'> {
  return {
    onError: (error, vars, ctx, mctx) => {
      if (options.onError) return options.onError(error, vars, ctx, mctx)
      defaultMutationErrorToast(what, error)
    },
  }
}

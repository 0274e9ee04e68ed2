import { useState } from 'react'
import { formatReturnColumns, formatSearchPath, parseReturnColumns, parseSearchPath } from '@/lib/database/function-text'
import type { FunctionSpec } from '@/lib/database/functions'

/** The function form's state: the spec, with the search_path and RETURNS TABLE columns as the text typed. */
export function useFunctionDraft(initial: FunctionSpec) {
  const [spec, setSpec] = useState(initial)
  const [columnsText, setColumnsText] = useState(formatReturnColumns(initial.returns.columns))
  const [searchPathText, setSearchPathText] = useState(formatSearchPath(initial.searchPath ?? []))
  const [fixSearchPath, setFixSearchPath] = useState(initial.searchPath !== null)
  const update = (change: Partial<FunctionSpec>) => setSpec((current) => ({ ...current, ...change }))
  const fixed = spec.securityDefiner || fixSearchPath
  const result: FunctionSpec = {
    ...spec,
    returns: { ...spec.returns, columns: spec.returns.kind === 'table' ? parseReturnColumns(columnsText) : [] },
    searchPath: fixed ? parseSearchPath(searchPathText) : null,
  }
  return {
    spec,
    /** What the form says, as the builders take it. */
    result,
    update,
    columnsText,
    setColumnsText,
    searchPathText,
    setSearchPathText,
    fixSearchPath,
    setFixSearchPath,
    // A definer function always gets a fixed search_path (empty unless one was chosen).
    setDefiner: (securityDefiner: boolean) => {
      update({ securityDefiner })
      if (securityDefiner) setFixSearchPath(true)
    },
  }
}

export type FunctionDraft = ReturnType<typeof useFunctionDraft>

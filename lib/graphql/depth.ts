import { Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql'

const INTROSPECTION_FIELDS = new Set(['__schema', '__type'])

/**
 * The deepest field nesting of each operation of a document (fragments followed, each at most
 * once per path, so a cycle cannot loop). Introspection fields are not counted: the explorer's
 * own schema query nests deeper than any data query needs to.
 */
export function operationDepths(document: DocumentNode): Map<string | null, number> {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def)

  const depthOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
    if (!set) return 0
    let max = 0
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (INTROSPECTION_FIELDS.has(selection.name.value)) continue
        max = Math.max(max, 1 + depthOf(selection.selectionSet, seen))
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        max = Math.max(max, depthOf(selection.selectionSet, seen))
      } else {
        const name = selection.name.value
        const fragment = fragments.get(name)
        if (!fragment || seen.has(name)) continue
        max = Math.max(max, depthOf(fragment.selectionSet, new Set([...seen, name])))
      }
    }
    return max
  }

  const depths = new Map<string | null, number>()
  for (const def of document.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) depths.set(def.name?.value ?? null, depthOf(def.selectionSet, new Set()))
  }
  return depths
}

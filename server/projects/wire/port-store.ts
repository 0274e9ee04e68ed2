import { getStore } from '../../db/store'

/**
 * What the platform store keeps of the loopback ports (`platform.projects.wire_port`): the port
 * each project last listened on, so it gets the same one after a restart or a pause, and no
 * other project takes it meanwhile (until the project is removed).
 */

/** The port `ref` last had, and the ports the other live projects hold. */
export async function storedPorts(ref: string): Promise<{ own: number | null; others: Set<number> }> {
  const store = await getStore()
  const { rows } = await store.query<{ ref: string; wire_port: number }>(
    `select ref, wire_port from platform.projects where wire_port is not null and status <> 'REMOVED'`
  )
  const own = rows.find((row) => row.ref === ref)?.wire_port ?? null
  return { own: own === null ? null : Number(own), others: new Set(rows.filter((row) => row.ref !== ref).map((row) => Number(row.wire_port))) }
}

export async function storePort(ref: string, port: number): Promise<void> {
  const store = await getStore()
  await store.query('update platform.projects set wire_port = $2 where ref = $1', [ref, port])
}

/** The projects whose database the ports serve now (wire/connection.ts refuses every other status). */
export async function servedProjectRefs(): Promise<string[]> {
  const store = await getStore()
  const { rows } = await store.query<{ ref: string }>(`select ref from platform.projects where status = 'ACTIVE_HEALTHY' order by id`)
  return rows.map((row) => row.ref)
}

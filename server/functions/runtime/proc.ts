/**
 * What a worker's process uses, read from /proc: its CPU time (user + system, all threads) and
 * its resident memory, and the Deno process among bwrap's descendants (bwrap forks twice).
 */
import fs from 'node:fs'

/** Linux reports times in clock ticks of 1/100 s on every architecture Deno ships for. */
const TICK_MS = 10
const PAGE_BYTES = 4096

type Stat = { ppid: number; cpuMs: number; comm: string; state: string }

function readStat(pid: number): Stat | null {
  let text: string
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null
  }
  // The command name is in parentheses and may itself hold spaces or parentheses.
  const open = text.indexOf('(')
  const close = text.lastIndexOf(')')
  const fields = text.slice(close + 2).split(' ')
  // After the name: state(0) ppid(1) ... utime(11) stime(12)
  return { comm: text.slice(open + 1, close), state: fields[0], ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS }
}

/** CPU time the process has used so far, in ms, or null when it is gone. */
export function cpuTimeMs(pid: number): number | null {
  return readStat(pid)?.cpuMs ?? null
}

/** Whether the process exists and has not ended (a zombie has). */
export function isAlive(pid: number): boolean {
  const state = readStat(pid)?.state
  return state !== undefined && state !== 'Z' && state !== 'X'
}

/** Resident memory of the process in bytes, or null when it is gone. */
export function residentBytes(pid: number): number | null {
  try {
    const pages = Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1])
    return pages * PAGE_BYTES
  } catch {
    return null
  }
}

/** The direct children of a process. */
export function childrenOf(pid: number): number[] {
  try {
    const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
    if (text) return text.split(' ').map(Number)
  } catch {
    // kernels without CONFIG_PROC_CHILDREN: scan below
  }
  const found: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    if (readStat(Number(entry))?.ppid === pid) found.push(Number(entry))
  }
  return found
}

/** The first descendant of `root` (breadth first) whose command name is not `skip` (bwrap's own processes), or null. */
export function findDescendant(root: number, skip: string): number | null {
  const queue = [root]
  const seen = new Set<number>()
  while (queue.length > 0) {
    const pid = queue.shift()!
    if (seen.has(pid)) continue
    seen.add(pid)
    for (const child of childrenOf(pid)) {
      const comm = readStat(child)?.comm
      if (comm !== undefined && comm !== skip) return child
      queue.push(child)
    }
  }
  return null
}

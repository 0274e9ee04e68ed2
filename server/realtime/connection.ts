import type { WebSocket } from 'ws'
import { accessTokenPayload, broadcastPayload, firstIssue, presencePayload, type RealtimeVsn } from '@/lib/api-types/realtime'
import { recordRealtimeMessages } from '../billing/realtime-metering'
import { recordRealtimeEvent } from '../logs/realtime-log'
import { decodeFrame, encodeMessage, FrameError, type Message } from './frames'
import type { RealtimeHub } from './hub'
import { joinChannel, JoinRefused, verifyChannelToken } from './join'
import { formatBytes, type RealtimeLimits } from './limits'
import type { Member, MemberLink, RealtimeCaller } from './member'
import { mayRead, mayWrite } from './private-channels'
import { pushChangesStatus, SUBSCRIBED_MESSAGE } from './publication'

/**
 * One client's socket: the Phoenix channel protocol realtime-js speaks (frames.ts), message by
 * message. `phoenix` topic heartbeats are answered and keep the socket alive (one silent past
 * the heartbeat timeout is closed); `phx_join` joins a channel (join.ts), `phx_leave` leaves it,
 * `broadcast` and `presence` go to the hub, `access_token` replaces a channel's token. Every
 * refusal is a `phx_reply` with status `error` and a `reason`; a message larger than the plan
 * allows is refused that way too.
 */

export type ConnectionContext = {
  ref: string
  apikey: string
  /** The key's role: a channel joined without a token of its own acts as it. */
  caller: RealtimeCaller
  /** Opened with a Dashboard → Realtime token: channel tokens must be such tokens too. */
  inspector: boolean
  vsn: RealtimeVsn
  limits: RealtimeLimits
  hub: RealtimeHub
}

/** Close codes: 4000 heartbeat timeout, 1008 policy (too many connections), 1003 an unreadable message. */
export const CLOSE_HEARTBEAT = 4000
export const CLOSE_POLICY = 1008
export const CLOSE_UNREADABLE = 1003

export class RealtimeConnection implements MemberLink {
  private members = new Map<string, Member>()
  private idle: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: ConnectionContext
  ) {
    ctx.hub.connected(ctx.ref, 1)
    recordRealtimeEvent({ ref: ctx.ref, level: 'info', message: 'connection opened', role: ctx.caller.role })
    ws.on('message', (data, isBinary) => this.onFrame(toBuffer(data), isBinary))
    ws.on('close', (code) => this.onClose(code))
    ws.on('error', (error) => recordRealtimeEvent({ ref: ctx.ref, level: 'error', message: `socket error: ${error.message}`, role: ctx.caller.role }))
    this.armIdle()
  }

  get vsn(): RealtimeVsn {
    return this.ctx.vsn
  }

  send(frame: string | Buffer): boolean {
    return this.write(frame, true)
  }

  /** Sends a frame; a metered one counts as a realtime message (heartbeats do not). */
  private write(frame: string | Buffer, metered: boolean): boolean {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return false
    this.ws.send(frame)
    if (metered) recordRealtimeMessages(this.ctx.ref)
    return true
  }

  push(topic: string, event: string, payload: unknown, ref: string | null = null, joinRef: string | null = null): void {
    this.write(encodeMessage({ joinRef, ref, topic, event, payload }, this.ctx.vsn), topic !== 'phoenix')
  }

  private reply(message: Message, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    this.push(message.topic, 'phx_reply', { status, response }, message.ref, message.joinRef)
  }

  /** Refuses a message: an error reply with its reason, and a realtime_logs line. */
  private refuse(message: Message, reason: string): void {
    this.reply(message, 'error', { reason })
    recordRealtimeEvent({ ref: this.ctx.ref, level: 'error', message: `${message.event} refused: ${reason}`, topic: message.topic, role: this.ctx.caller.role })
  }

  /** Closes the socket with a reason the client sees (at most 123 bytes), logged. */
  close(code: number, reason: string): void {
    recordRealtimeEvent({ ref: this.ctx.ref, level: code === 1000 ? 'info' : 'error', message: `connection closed: ${reason}`, role: this.ctx.caller.role, code })
    this.ws.close(code, reason.slice(0, 123))
  }

  private armIdle(): void {
    if (this.idle) clearTimeout(this.idle)
    const ms = this.ctx.limits.heartbeatTimeoutMs
    this.idle = setTimeout(() => this.close(CLOSE_HEARTBEAT, `heartbeat timeout: nothing received for ${Math.round(ms / 1000)} s`), ms)
    this.idle.unref()
  }

  private onFrame(data: Buffer, isBinary: boolean): void {
    this.armIdle()
    let message: Message
    try {
      message = decodeFrame(data, isBinary, this.ctx.vsn)
    } catch (error) {
      if (!(error instanceof FrameError)) throw error
      return this.close(CLOSE_UNREADABLE, `invalid message: ${error.message}`)
    }
    if (message.topic !== 'phoenix') recordRealtimeMessages(this.ctx.ref)
    const max = this.ctx.limits.maxMessageBytes
    if (data.length > max) {
      return this.refuse(message, `message of ${formatBytes(data.length)} exceeds the plan's maximum message size of ${formatBytes(max)}`)
    }
    this.handle(message).catch((error: unknown) => {
      console.error(`[realtime] ${message.event} on ${message.topic} failed`, error)
      this.refuse(message, 'internal error')
    })
  }

  private async handle(message: Message): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') return this.reply(message, 'ok')
      return this.refuse(message, `unknown event ${message.event} on topic phoenix`)
    }
    if (message.event === 'phx_join') return this.join(message)
    const member = this.members.get(message.topic)
    if (!member) return this.refuse(message, `not joined to ${message.topic}: join the channel first`)
    switch (message.event) {
      case 'phx_leave':
        this.leave(member)
        return this.reply(message, 'ok')
      case 'broadcast':
        return this.broadcast(member, message)
      case 'presence':
        return this.presence(member, message)
      case 'access_token':
        return this.accessToken(member, message)
      default:
        return this.refuse(message, `unknown event ${message.event}`)
    }
  }

  private async join(message: Message): Promise<void> {
    const previous = this.members.get(message.topic)
    if (previous) this.leave(previous) // a rejoin (realtime-js after an error) replaces the old membership
    try {
      const { member, response, changesRefused } = await joinChannel(this.ctx, this, message)
      if (this.closed) return void this.ctx.hub.leave(member)
      this.members.set(message.topic, member)
      this.reply(message, 'ok', response)
      if (changesRefused !== null) {
        pushChangesStatus(member, 'error', changesRefused)
        recordRealtimeEvent({ ref: this.ctx.ref, level: 'warning', message: changesRefused, topic: message.topic, role: member.caller.role })
      } else if (member.bindings.length > 0) pushChangesStatus(member, 'ok', SUBSCRIBED_MESSAGE)
      if (member.presenceEnabled && mayRead(member, 'presence')) this.push(message.topic, 'presence_state', this.ctx.hub.presence.state(this.ctx.ref, member.topic), null, message.joinRef)
    } catch (error) {
      if (!(error instanceof JoinRefused)) throw error
      this.refuse(message, error.message)
    }
  }

  private leave(member: Member): void {
    if (this.members.get(member.wire) === member) this.members.delete(member.wire)
    this.ctx.hub.leave(member)
  }

  private broadcast(member: Member, message: Message): void {
    const parsed = broadcastPayload.safeParse(message.payload)
    if (!parsed.success) return this.refuse(message, `invalid broadcast: ${firstIssue(parsed.error)}`)
    if (!mayWrite(member, 'broadcast')) return this.refuse(message, `Unauthorized: the policies on realtime.messages do not let ${member.caller.role} broadcast on this private channel`)
    this.ctx.hub.broadcast(this.ctx.ref, member.topic, parsed.data.event, parsed.data.payload, parsed.data.meta, member)
    if (member.ack) this.reply(message, 'ok')
  }

  private presence(member: Member, message: Message): void {
    const parsed = presencePayload.safeParse(message.payload)
    if (!parsed.success) return this.refuse(message, `invalid presence: ${firstIssue(parsed.error)}`)
    if (!mayWrite(member, 'presence')) return this.refuse(message, `Unauthorized: the policies on realtime.messages do not let ${member.caller.role} track presence on this private channel`)
    if (parsed.data.event === 'track') this.ctx.hub.presence.track(member, parsed.data.payload ?? {})
    else this.ctx.hub.presence.untrack(member)
    this.reply(message, 'ok')
  }

  /** A new token for the channel (realtime-js sends one when its session refreshes): verified as the REST API verifies a bearer. */
  private async accessToken(member: Member, message: Message): Promise<void> {
    const parsed = accessTokenPayload.safeParse(message.payload)
    if (!parsed.success) return this.refuse(message, `invalid access_token: ${firstIssue(parsed.error)}`)
    const token = parsed.data.access_token
    const caller = token === this.ctx.apikey ? this.ctx.caller : await verifyChannelToken(this.ctx, token)
    if (!caller) {
      this.refuse(message, 'invalid or expired access token: the channel is closed')
      this.leave(member)
      return this.push(member.wire, 'phx_close', {}, null, member.joinRef)
    }
    member.caller = caller
    this.reply(message, 'ok')
  }

  private onClose(code: number): void {
    if (this.closed) return
    this.closed = true
    if (this.idle) clearTimeout(this.idle)
    for (const member of this.members.values()) this.ctx.hub.leave(member)
    this.members.clear()
    this.ctx.hub.connected(this.ctx.ref, -1)
    if (code === 1000 || code === 1001 || code === 1005) {
      recordRealtimeEvent({ ref: this.ctx.ref, level: 'info', message: 'connection closed by the client', role: this.ctx.caller.role, code })
    }
  }
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data)) return Buffer.concat(data)
  return Buffer.from(data)
}

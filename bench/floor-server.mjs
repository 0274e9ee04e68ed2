#!/usr/bin/env node
// The floor under the project API bench (bench/project-api.mjs): a bare node:http server that
// answers every request with the bench's query (`select … from public.items limit 20`, as JSON)
// through a pg pool of the same size, one round trip, no keys, roles, logs or routing. What it
// serves on this machine is about what any Node server in front of this Postgres could.
//   node bench/floor-server.mjs <database url> <port>
import http from 'node:http'
import pg from 'pg'

const [url, port] = process.argv.slice(2)
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PROJECT_DB_POOL_SIZE ?? 10) })
const SQL = `select coalesce(json_agg(_r), '[]')::text as body from (select * from public.items limit $1) as _r`

http
  .createServer(async (req, res) => {
    try {
      const { rows } = await pool.query({ text: SQL, values: ['20'] })
      const body = rows[0].body
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body)
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))

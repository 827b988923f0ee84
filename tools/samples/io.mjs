// Shared plumbing for the sample validators: each reads one JSON request on standard input,
// {"samples": [{"id", "code", "title", "page", "line", "env"}]}, and writes one JSON answer on standard
// output, {"problems": [{"id", "line", "message"}]}, where "line" is 1-based within the sample's code
// (0 when the tool gives no position).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export async function readRequest() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const req = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  if (!Array.isArray(req.samples)) throw new Error('request has no "samples" array');
  return req.samples;
}

export function writeAnswer(problems) {
  process.stdout.write(JSON.stringify({ problems }) + '\n');
}

// lineOf turns a character offset into a 1-based line number of src.
export function lineOf(src, offset) {
  if (typeof offset !== 'number' || offset < 0) return 0;
  let line = 1;
  for (let i = 0; i < offset && i < src.length; i++) if (src[i] === '\n') line++;
  return line;
}

export async function main(check) {
  try {
    const samples = await readRequest();
    writeAnswer(await check(samples));
  } catch (err) {
    process.stderr.write(`${err && err.stack ? err.stack : err}\n`);
    process.exit(2);
  }
}

// A result cache, so that a run where few samples changed checks only those. An entry's key hashes
// everything its result depends on: the sample's files, the validator's scripts, the installed
// packages (npm's node_modules/.package-lock.json) and any options. The cache lives in
// node_modules/.cache, so a fresh `npm ci` empties it; TZDOCS_SAMPLES_NO_CACHE=1 turns it off.
// Entries unused for a month are dropped, and the newest maxEntries kept.
const here = path.dirname(fileURLToPath(import.meta.url));
const maxEntries = 5000;
const maxAge = 30 * 24 * 3600 * 1000;

export class Cache {
  constructor(name, ...inputs) {
    this.file = path.join(here, 'node_modules', '.cache', 'tzdocs-samples', `${name}.json`);
    this.off = process.env.TZDOCS_SAMPLES_NO_CACHE === '1';
    const stamp = crypto.createHash('sha256');
    for (const f of [path.join(here, 'io.mjs'), path.join(here, `${name}.mjs`), path.join(here, 'generated.d.ts'), path.join(here, 'node_modules', '.package-lock.json')]) {
      stamp.update(fs.existsSync(f) ? fs.readFileSync(f) : `missing ${f}`);
    }
    stamp.update(JSON.stringify(inputs));
    this.stamp = stamp.digest('hex');
    this.used = {};
    this.entries = this.off ? {} : this.read();
  }

  read() {
    try {
      return JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      return {};
    }
  }

  // key hashes the parts a result depends on, with the cache's stamp.
  key(...parts) {
    return crypto.createHash('sha256').update(this.stamp).update(JSON.stringify(parts)).digest('hex');
  }

  // get returns the problems stored for key (each without its sample id), or undefined.
  get(key) {
    const e = this.entries[key];
    if (!e) return undefined;
    this.used[key] = e.v;
    return e.v;
  }

  set(key, problems) {
    this.used[key] = problems;
  }

  // save merges this run's entries into the file, which another run may have written meanwhile.
  save() {
    if (this.off) return;
    const now = Date.now();
    const all = { ...this.read() };
    for (const [k, v] of Object.entries(this.used)) all[k] = { v, t: now };
    const kept = Object.entries(all)
      .filter(([, e]) => e && now - e.t < maxAge)
      .sort((a, b) => b[1].t - a[1].t)
      .slice(0, maxEntries);
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(Object.fromEntries(kept)));
      fs.renameSync(tmp, this.file);
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
}
